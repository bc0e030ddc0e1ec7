import { defineRows } from "./harness/define-rows.js";
import { MATRIX } from "./matrix.js";

defineRows(MATRIX.filter((row) => /max_tokens|prompt too long/.test(row.fault)));
