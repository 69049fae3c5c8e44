import type { FrameSettings } from "../ui/frameRenderer.js";
import type { MessageControls, Renderer } from "./client.js";
import type { DisplayedMessage } from "./messages.js";
import { loadModule } from "./moduleLoader.js";

type UI = typeof import("../ui/index.js");

let ui: Promise<UI> | undefined;

/**
 * The built-in renderer: it loads the message UI the first time a message shows (pages that
 * never show one never download it), then shows each message in a frame the server renders.
 */
export function frameRenderer(settings: () => FrameSettings, onProblem: (problem: string) => void): Renderer {
  return (message: DisplayedMessage, controls: MessageControls) => {
    let dispose: (() => void) | undefined;
    let ended = false;
    ui ??= loadModule<UI>("marquee-ui.mjs", () => undefined);
    ui.then((loaded) => {
      if (!ended) dispose = loaded.showInFrame(message, controls, settings());
    }, (error: unknown) => {
      ui = undefined;
      onProblem(`the message UI could not be loaded: ${String(error)}`);
      controls.unavailable();
    });
    return () => {
      ended = true;
      dispose?.();
    };
  };
}
