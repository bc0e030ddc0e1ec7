// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are shell commands, where ${…} is bash's.
import type { SecurityCase } from "../harness/case.js";
import { SECRET_DENY, series } from "./build.js";

// Class 1: code bash runs that a parser may not see — array subscripts, heredoc bodies,
// arithmetic, NUL-cut words. Default mode, no rules: a read-only verdict would let them run.

const subscripts = series("c1-subscript", 1, { mode: "default" }, [
  "printf -v 'x[$(touch $S/P)]' 1",
  "printf -v 'a[`touch $S/P`]' %s 1",
  'printf -v "x[\\$(touch $S/P)]" 1',
  "printf -v 'x[$(touch $S/P)]' '%s' README.md",
  "echo ok; printf -v 'y[$(touch $S/P)]' 1",
  "test -v 'x[$(touch $S/P)]'",
  "[ -v 'x[$(touch $S/P)]' ]",
  "[[ -v x[$(touch $S/P)] ]]",
  "[[ 'x[$(touch $S/P)]' -eq 0 ]]",
  "[[ 1 -lt 'y[`touch $S/P`]' ]]",
  "echo $((x[$(touch $S/P)]))",
  "echo $(( $(touch $S/P) 1 ))",
  "echo ${x[$(touch $S/P)]}",
  "echo ${x:-$(touch $S/P)}",
  "echo ${x:=`touch $S/P`}",
]);

const heredocs = series("c1-heredoc", 1, { mode: "default" }, [
  "cat <<EOF\n  $(touch $S/P)\nEOF",
  "cat <<EOF\n`touch $S/P`\nEOF",
  "cat <<EOF\nhello `touch $S/P` world\nEOF",
  "cat <<-EOF\n\t$(touch $S/P)\n\tEOF",
  "cat <<-EOF\n\t`touch $S/P`\n\tEOF",
  "cat <<EOF\nhello\n    $(touch $S/P)\nEOF",
  "cat <<EOF\n${x:-$(touch $S/P)}\nEOF",
  "cat <<EOF\n$((1 + $(touch $S/P; echo 1)))\nEOF",
  "cat <<EOF | wc -l\n $(touch $S/P)\nEOF",
  "wc -l <<EOF\n `touch $S/P`\nEOF",
  "grep x <<EOF\n  $(touch $S/P)\nEOF",
  "cat <<A <<B\nfoo\nA\n  $(touch $S/P)\nB",
  "cat <<EOF\n$(\ntouch $S/P\n)\nEOF",
  "cat << EOF\n\t`touch $S/P`\nEOF",
  "head -n 1 <<EOF\nfirst\n  $(touch $S/P)\nEOF",
  "echo $(cat <<EOF\n  $(touch $S/P)\nEOF\n)",
  "cat <<EOF > /dev/null\n `touch $S/P`\nEOF",
  'cat <<<"$(touch $S/P)"',
  "cat <<< `touch $S/P`",
  "sort <<EOF\nb\n  ${y:-`touch $S/P`}\na\nEOF",
]);

const substitutions = series("c1-subst", 1, { mode: "default" }, [
  'echo "$(touch $S/P)"',
  "echo `touch $S/P`",
  'ls "$(touch $S/P)"',
  "cat <(touch $S/P)",
  "diff <(touch $S/P) README.md",
  "ls; touch $S/P",
  "ls\ntouch $S/P",
  "ls && touch $S/P",
  "ls nosuch 2>/dev/null || touch $S/P",
  "ls | touch $S/P",
  "echo a \\\n; touch $S/P",
  "echo x #\ntouch $S/P",
  "(touch $S/P)",
  "{ touch $S/P; }",
  "echo a\\\n$(touch $S/P)",
]);

// bash cuts a $'…' word at NUL: keel must judge the path bash uses, not the whole text.
const nul = series("c1-nul", 1, { mode: "default" }, [
  "cat $'../outside/file.txt\\0/../../project/README.md'",
  "head $'../home/.ssh/id_rsa\\0/../../../project/README.md'",
  "cat $'link-key\\0/../README.md'",
  "grep -r KEEL $'../outside\\0/../project/src'",
  {
    command: "cat $'secrets/key\\0'",
    deny: SECRET_DENY,
    note: "the rule must match the word bash uses",
  },
  "tail -n 5 $'$O/file.txt\\0/../../project/notes.txt'",
]);

export const class1: SecurityCase[] = [...subscripts, ...heredocs, ...substitutions, ...nul];
