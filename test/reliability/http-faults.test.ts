import { defineRows } from "./harness/define-rows.js";
import { MATRIX } from "./matrix.js";

defineRows(MATRIX.filter((row) => /^(529|429|500)/.test(row.fault)));
