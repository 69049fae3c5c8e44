/// Marquee's own JavaScript: the only script a rendered message runs outside an `html` frame.
///
/// Both scripts are fixed strings, so their SHA-256 hashes are constants the Content-Security-Policy
/// of every rendered document allows, and nothing else. See ``BridgeMessage`` for what they post.
public enum MarqueeBridge {
    /// The name of the WebKit script message handler the bridge posts to
    /// (`window.webkit.messageHandlers.marquee`).
    public static let messageHandlerName = "marquee"

    /// The bridge in the message document.
    ///
    /// It reads what to do from Marquee's markup (`data-marquee-action` on buttons, the close
    /// control and a clickable card; `data-auto-close` seconds and `data-dismissable` on
    /// `#marquee-root`; `#marquee-opt-out`; `#marquee-video`; `#marquee-frame`), so it needs no
    /// per-message code. It posts at most one resolution (button, content, close or link) per
    /// display, cancels the auto-close timer when it does, and forwards link taps from the
    /// sandboxed `html` frame only when they come from that frame.
    public static let script = """
    (function () {
      "use strict";
      var events = window.__marqueeEvents = window.__marqueeEvents || [];
      var root = document.getElementById("marquee-root");
      if (!root) { return; }
      var card = document.getElementById("marquee-message");
      var optOutBox = document.getElementById("marquee-opt-out");
      var frame = document.getElementById("marquee-frame");
      var video = document.getElementById("marquee-video");
      var resolved = false;
      var timer = null;

      function deliver(message) {
        message.v = 1;
        events.push(message);
        var json = JSON.stringify(message);
        var handlers = window.webkit && window.webkit.messageHandlers;
        if (handlers && handlers.marquee) {
          handlers.marquee.postMessage(json);
        } else if (window.marqueeBridge && typeof window.marqueeBridge.post === "function") {
          window.marqueeBridge.post(json);
        }
      }

      function resolve(message) {
        if (resolved) { return; }
        resolved = true;
        if (timer !== null) { clearTimeout(timer); }
        if (optOutBox) { message.optOut = optOutBox.checked; }
        deliver(message);
      }

      document.addEventListener("click", function (event) {
        var target = event.target;
        var control = target && target.closest ? target.closest("[data-marquee-action]") : null;
        if (!control) { return; }
        var action = control.getAttribute("data-marquee-action");
        if (action === "button") {
          resolve({ type: "button", buttonId: control.getAttribute("data-marquee-button") || "" });
        } else if (action === "close") {
          resolve({ type: "close", reason: "user" });
        } else if (action === "content") {
          resolve({ type: "content" });
        }
      });

      if (optOutBox) {
        optOutBox.addEventListener("change", function () {
          if (!resolved) { deliver({ type: "optOut", checked: optOutBox.checked }); }
        });
      }

      document.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && root.getAttribute("data-dismissable") === "true") {
          resolve({ type: "close", reason: "user" });
        } else if ((event.key === "Enter" || event.key === " ") && card && event.target === card &&
                   card.getAttribute("data-marquee-action") === "content") {
          event.preventDefault();
          resolve({ type: "content" });
        }
      });

      var seconds = parseFloat(root.getAttribute("data-auto-close") || "");
      if (seconds > 0) {
        timer = setTimeout(function () { resolve({ type: "close", reason: "timeout" }); }, seconds * 1000);
      }

      if (video) {
        video.addEventListener("ended", function () { resolve({ type: "close", reason: "ended" }); });
      }

      window.addEventListener("message", function (event) {
        if (!frame || event.source !== frame.contentWindow) { return; }
        var data = event.data;
        if (!data || typeof data !== "object" || data.marquee !== 1 || data.type !== "link") { return; }
        resolve({
          type: "link",
          url: typeof data.url === "string" ? data.url.slice(0, 4096) : "",
          actionType: typeof data.actionType === "string" ? data.actionType.slice(0, 32) : null,
          text: typeof data.text === "string" ? data.text.slice(0, 256) : ""
        });
      });

      // A framed page (the dashboard's live preview) leaves the focus where the person is typing.
      if (card && root.getAttribute("data-modal") === "true" && window.top === window) {
        try { card.focus({ preventScroll: true }); } catch (error) { card.focus(); }
      }
    })();
    """

    /// The bridge inside the sandboxed frame of an `html` message.
    ///
    /// It intercepts taps on action elements (the ``HTMLLinkClassifier`` rules: `data-link`,
    /// `a[href]`, `data-actiontype="close"`), stops the frame from navigating, and posts
    /// `{marquee: 1, type: "link", url, actionType, text}` to the parent document, whose bridge
    /// forwards it to the app. Links with blocked schemes are swallowed, never run.
    public static let frameScript = """
    (function () {
      "use strict";
      var events = window.__marqueeEvents = window.__marqueeEvents || [];
      var blocked = /^(javascript|vbscript|data|blob|file|about):/i;

      function describe(element) {
        var actionType = element.getAttribute("data-actiontype");
        var isClose = actionType !== null && actionType.trim().toLowerCase() === "close";
        var url = null;
        if (element.hasAttribute("data-link")) {
          url = element.getAttribute("data-link");
        } else if (element.localName === "a" && element.hasAttribute("href")) {
          url = element.getAttribute("href");
        }
        if (url === null && !isClose) { return null; }
        return { url: url || "", actionType: actionType, isClose: isClose };
      }

      document.addEventListener("click", function (event) {
        for (var node = event.target; node && node.nodeType === 1; node = node.parentNode) {
          var link = describe(node);
          if (!link) { continue; }
          var cleaned = link.url.replace(/[\\t\\n\\r]/g, "").trim();
          if (!link.isClose && blocked.test(cleaned)) {
            event.preventDefault();
            return;
          }
          if (!link.isClose && (cleaned === "" || cleaned.charAt(0) === "#")) { continue; }
          event.preventDefault();
          var message = {
            marquee: 1,
            type: "link",
            url: link.url,
            actionType: link.actionType,
            text: (node.textContent || "").replace(/\\s+/g, " ").trim()
          };
          events.push(message);
          window.parent.postMessage(message, "*");
          return;
        }
      }, true);
    })();
    """

    /// The CSP source expression that allows ``script``. A page that shows rendered messages in
    /// `srcdoc` frames (which inherit its policy) lists it so the bridge still runs there.
    public static let scriptSource = "'sha256-\(SHA256.base64Digest(of: script))'"
    /// The CSP source expression that allows ``frameScript``.
    public static let frameScriptSource = "'sha256-\(SHA256.base64Digest(of: frameScript))'"
}
