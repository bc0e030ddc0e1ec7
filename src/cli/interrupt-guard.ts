/**
 * Whether Ctrl+C belongs to a program keel handed the terminal to (an editor it waits for)
 * rather than to keel: the executable's SIGINT handler does nothing while it is held, as git
 * ignores SIGINT while its editor runs.
 */
export interface InterruptGuard {
  /** Holds SIGINT off until the returned release is called (calling it twice is harmless). */
  hold(): () => void;
  /** True while any hold is in place. */
  readonly held: boolean;
}

/** A guard counting its holds (an editor inside an editor stays guarded until both end). */
export function createInterruptGuard(): InterruptGuard {
  let holds = 0;
  return {
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
      };
    },
    get held() {
      return holds > 0;
    },
  };
}
