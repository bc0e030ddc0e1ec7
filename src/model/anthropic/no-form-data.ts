/**
 * What the Anthropic SDK's code sees as `FormData` in keel's build (scripts/sdk-web-globals.mjs
 * puts it in place of the global, whose first use loads Node's undici). The SDK only asks
 * `body instanceof FormData`, which is false for every body; building one is a mistake, and loud.
 */
export class FormData {
  constructor() {
    throw new TypeError(
      "keel sends no multipart bodies: FormData is not available to the Anthropic SDK in keel's build",
    );
  }
}
