import { defineRows } from "./harness/define-rows.js";
import { MATRIX } from "./matrix.js";

defineRows(MATRIX.filter((row) => /reset|error event|malformed/.test(row.fault)));
