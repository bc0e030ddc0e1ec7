/** What the model is told about SendMessage (after Claude Code's, for keel's one implicit team). */
export const SEND_MESSAGE_DESCRIPTION = `Send a message to a teammate of your team, or to a named background agent.

- \`to\`: the recipient's name ("team-lead" for the lead). Use "*" to send to every teammate at once (costly: only when everyone needs it). Never add "@team": there is one team per session.
- \`message\` as plain text needs a \`summary\` (5-10 words) shown as a preview.
- Your plain text output is not seen by anyone else: use this tool to tell a teammate something.
- Messages from teammates reach you as <teammate-message> blocks; you need not check for them.

Structured messages (never broadcast):
- {"type": "shutdown_request", "reason"?}: ask a teammate to finish and end (the result gives its request_id).
- {"type": "shutdown_response", "request_id", "approve", "reason"?}: answer a shutdown request, to "team-lead"; approving ends you after this turn, rejecting needs a reason.
- {"type": "plan_approval_response", "request_id", "approve", "feedback"?}: the lead's answer to a teammate's plan.

A plain message to the name of a background agent you started continues that agent: it is queued while the agent runs and resumes it when it has stopped.`;
