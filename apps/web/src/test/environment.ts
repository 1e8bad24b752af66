/**
 * The web tests' environment: jsdom, with the Blob, File and FormData of Node's fetch.
 *
 * Node's fetch (24 and newer) makes the Blob of `blob()` and the Files of `formData()` with whatever
 * the global Blob and File are, then checks them against its own classes; with jsdom's globals every
 * upload a mock server read, and every downloaded file, failed. Bodies are what these classes are for
 * in the app (uploads, downloads), so the tests use Node's, as a browser has one of each. A form
 * element still gives its fields: `new FormData(form)` copies the text fields jsdom reads from it;
 * and jsdom's FileReader reads Node's Blobs (as the clipboard of user-event keeps them).
 */
import { builtinEnvironments, type Environment } from 'vitest/runtime';

type Global = typeof globalThis;

const environment: Environment = {
  name: 'jsdom-node-bodies',
  viteEnvironment: 'client',
  async setup(global: Global, options) {
    const node = { Blob: global.Blob, File: global.File, FormData: global.FormData };
    const jsdom = await builtinEnvironments.jsdom.setup(global, options);
    const JsdomFormData = global.FormData;
    class FormData extends node.FormData {
      constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
        super();
        if (form)
          for (const [name, value] of new JsdomFormData(form, submitter))
            if (typeof value === 'string') this.append(name, value);
      }
    }
    const JsdomBlob = global.Blob;
    const JsdomFileReader = global.FileReader;
    /** A Node Blob's bytes in a jsdom Blob, once read (a FileReader answers later anyway). */
    const isJsdoms = (blob: Blob): boolean => blob instanceof JsdomBlob;
    const later = (blob: Blob, read: (copy: Blob) => void) => {
      if (isJsdoms(blob)) read(blob);
      else void blob.arrayBuffer().then((bytes) => read(new JsdomBlob([bytes], { type: blob.type })));
    };
    class FileReader extends JsdomFileReader {
      override readAsArrayBuffer(blob: Blob) {
        later(blob, (copy) => super.readAsArrayBuffer(copy));
      }
      override readAsDataURL(blob: Blob) {
        later(blob, (copy) => super.readAsDataURL(copy));
      }
      override readAsText(blob: Blob, encoding?: string) {
        later(blob, (copy) => super.readAsText(copy, encoding));
      }
    }
    Object.assign(global, { Blob: node.Blob, File: node.File, FormData, FileReader });
    return jsdom;
  },
};

export default environment;
