import { useStdout } from "ink";
import { useEffect, useState } from "react";

const FALLBACK_COLUMNS = 80;

/** The terminal's width in columns, updated when it is resized. */
export function useColumns(): number {
  const { stdout } = useStdout();
  const [columns, setColumns] = useState(stdout.columns || FALLBACK_COLUMNS);
  useEffect(() => {
    const onResize = () => setColumns(stdout.columns || FALLBACK_COLUMNS);
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return columns;
}
