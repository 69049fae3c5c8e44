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
    /// control, a clickable card and a media caption that expands; `data-auto-close` seconds,
    /// `data-dismissable` and `data-marquee-kind` on `#marquee-root`; `#marquee-opt-out`;
    /// `#marquee-video`; `#marquee-frame`), so it needs no per-message code. It posts at most one
    /// resolution (button, content, close or link) per display, cancels the auto-close timer when
    /// it does or when the user expands a caption, closes an image or video on a swipe down, and
    /// forwards link taps from the sandboxed `html` frame only when they come from that frame.
    /// In a frame with neither app host (the web SDK's), it posts to the parent page, and a banner
    /// or slide-up reports its height there so the page can size the frame.
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
      // Embedded content stays in its place: every tap is reported, and its height as it changes.
      var embedded = root.hasAttribute("data-placement");
      var pages = root.querySelectorAll(".mq-page");
      var currentPage = 0;
      var seenPages = {};
      // In a frame (the web SDK's, the dashboard's preview) with no app host, the page that framed it listens.
      var framed = window.parent !== window;

      function deliver(message) {
        message.v = 1;
        events.push(message);
        var json = JSON.stringify(message);
        var handlers = window.webkit && window.webkit.messageHandlers;
        if (handlers && handlers.marquee) {
          handlers.marquee.postMessage(json);
        } else if (window.marqueeBridge && typeof window.marqueeBridge.post === "function") {
          window.marqueeBridge.post(json);
        } else if (framed) {
          window.parent.postMessage(json, "*");
        }
      }

      function resolve(message) {
        if (resolved) { return; }
        resolved = !embedded;
        if (timer !== null) { clearTimeout(timer); }
        if (optOutBox) { message.optOut = optOutBox.checked; }
        deliver(message);
      }

      document.addEventListener("click", function (event) {
        var target = event.target;
        var control = target && target.closest ? target.closest("[data-marquee-action]") : null;
        if (!control) { return; }
        var action = control.getAttribute("data-marquee-action");
        if (action === "page-next") {
          showPage(currentPage + 1);
        } else if (action === "page-previous") {
          showPage(currentPage - 1);
        } else if (action === "page") {
          showPage(parseInt(control.getAttribute("data-marquee-page-index") || "0", 10));
        } else if (action === "survey-submit") {
          submitSurvey();
        } else if (action === "button") {
          resolve({ type: "button", buttonId: control.getAttribute("data-marquee-button") || "" });
        } else if (action === "expand") {
          // Reading the text is using the message: it no longer closes by itself.
          control.toggleAttribute("data-expanded");
          if (timer !== null) { clearTimeout(timer); timer = null; }
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

      // A carousel shows one page at a time and reports each page the first time it shows.
      function showPage(index) {
        if (index < 0 || index >= pages.length) { return; }
        for (var i = 0; i < pages.length; i++) { pages[i].hidden = i !== index; }
        var dots = root.querySelectorAll(".mq-dot");
        for (var j = 0; j < dots.length; j++) {
          if (j === index) { dots[j].setAttribute("aria-current", "true"); } else { dots[j].removeAttribute("aria-current"); }
        }
        var previous = document.getElementById("marquee-page-previous");
        var next = document.getElementById("marquee-page-next");
        if (previous) { previous.disabled = index === 0; }
        if (next) { next.disabled = index === pages.length - 1; }
        currentPage = index;
        if (!seenPages[index] && !resolved) {
          seenPages[index] = true;
          deliver({ type: "page", index: index, pageId: pages[index].getAttribute("data-marquee-page") || "" });
        }
      }

      // In a right-to-left message the next page is to the left.
      var forward = document.documentElement.getAttribute("dir") === "rtl" ? -1 : 1;
      var swipeStart = null;
      if (pages.length > 0) {
        showPage(0);
        root.addEventListener("pointerdown", function (event) { swipeStart = event.clientX; });
        root.addEventListener("pointerup", function (event) {
          if (swipeStart === null) { return; }
          var moved = event.clientX - swipeStart;
          swipeStart = null;
          if (Math.abs(moved) > 40) { showPage(currentPage + (moved < 0 ? forward : -forward)); }
        });
      }

      // An image or video that may be closed also closes with a swipe down (Acoustic's templates).
      // A drag in a box that scrolls (an expanded caption makes the card scroll) is the box's: it
      // closes only from the box's top, and not when the drag scrolled it or the browser took it.
      var kind = root.getAttribute("data-marquee-kind");
      if ((kind === "image" || kind === "video") && root.getAttribute("data-dismissable") === "true" && !embedded) {
        var scrollingBox = function (node) {
          for (; node && node.nodeType === 1 && node !== document.documentElement; node = node.parentNode) {
            if (node.scrollHeight > node.clientHeight + 1) {
              var overflow = window.getComputedStyle(node).overflowY;
              if (overflow === "auto" || overflow === "scroll") { return node; }
            }
          }
          return null;
        };
        var dragStart = null;
        root.addEventListener("pointerdown", function (event) {
          var box = scrollingBox(event.target);
          dragStart = { x: event.clientX, y: event.clientY, box: box, top: box ? box.scrollTop : 0 };
        });
        root.addEventListener("pointercancel", function () { dragStart = null; });
        root.addEventListener("pointerup", function (event) {
          if (dragStart === null) { return; }
          var start = dragStart;
          dragStart = null;
          if (start.box && (start.top > 0 || start.box.scrollTop !== start.top)) { return; }
          var down = event.clientY - start.y;
          var across = Math.abs(event.clientX - start.x);
          if (down > 80 && across < down) { resolve({ type: "close", reason: "user" }); }
        });
      }

      // A survey posts its answers once, then shows its thank-you page until the user closes it.
      var survey = document.getElementById("marquee-survey");
      var surveySent = false;
      function submitSurvey() {
        if (resolved || surveySent || !survey) { return; }
        var answers = [];
        var missing = null;
        var questions = survey.querySelectorAll("[data-marquee-question]");
        for (var q = 0; q < questions.length; q++) {
          var question = questions[q];
          var kind = question.getAttribute("data-question-kind");
          var answer = { question: question.getAttribute("data-marquee-question") || "" };
          if (kind === "text") {
            var limit = parseInt(question.getAttribute("data-max-length") || "500", 10);
            var text = question.querySelector("textarea").value.trim().slice(0, limit);
            if (text !== "") { answer.text = text; }
          } else {
            var picked = [];
            var inputs = question.querySelectorAll("input:checked");
            for (var c = 0; c < inputs.length; c++) { picked.push(inputs[c].value); }
            if (picked.length > 0) {
              if (kind === "rating" || kind === "nps") { answer.score = parseInt(picked[0], 10); } else { answer.choices = picked; }
            }
          }
          var answered = answer.text !== undefined || answer.score !== undefined || answer.choices !== undefined;
          var invalid = !answered && question.getAttribute("data-required") === "true";
          if (invalid) { question.setAttribute("aria-invalid", "true"); } else { question.removeAttribute("aria-invalid"); }
          if (invalid && missing === null) { missing = question; }
          if (answered) { answers.push(answer); }
        }
        var error = document.getElementById("marquee-survey-error");
        if (missing !== null) {
          if (error) { error.hidden = false; }
          var first = missing.querySelector("input, textarea");
          if (first) { first.focus(); }
          return;
        }
        surveySent = true;
        deliver({ type: "survey", answers: answers });
        survey.hidden = true;
        var thanks = document.getElementById("marquee-survey-thanks");
        if (thanks) {
          thanks.hidden = false;
          var heading = document.getElementById("marquee-thanks-title");
          if (heading) { heading.focus(); }
        }
      }

      document.addEventListener("keydown", function (event) {
        if (pages.length > 0 && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
          showPage(currentPage + (event.key === "ArrowRight" ? forward : -forward));
        } else if (event.key === "Escape" && root.getAttribute("data-dismissable") === "true") {
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

      // A bar (banner, slide-up) in a frame is shown by a page that sizes the frame to fit it.
      var framedBar = framed && !embedded && (kind === "banner" || kind === "slideUp");
      if ((embedded || framedBar) && card) {
        var reportedHeight = -1;
        var barPadding = 0;
        if (framedBar) {
          // The frame starts with no height: the card keeps its own instead of shrinking to it.
          card.style.flexShrink = "0";
          var rootStyle = window.getComputedStyle(root);
          barPadding = (parseFloat(rootStyle.paddingTop) || 0) + (parseFloat(rootStyle.paddingBottom) || 0);
        }
        var reportSize = function () {
          // A frame not laid out yet has no width, and the card's height then means nothing.
          if (framedBar && window.innerWidth === 0) { return; }
          var height = Math.ceil(card.getBoundingClientRect().height + barPadding);
          if (height !== reportedHeight) {
            reportedHeight = height;
            deliver({ type: "size", height: height });
          }
        };
        if (typeof ResizeObserver === "function") { new ResizeObserver(reportSize).observe(card); }
        window.addEventListener("load", reportSize);
        reportSize();
      }

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
