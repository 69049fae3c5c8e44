import Foundation
import MarqueeTestSupport

/// A document for ``BrowserHarness`` to load in a frame the size of a phone screen.
struct BrowserPage: Sendable {
    /// Names the page in the report and in failure messages.
    var name: String
    /// The document, as the renderer wrote it.
    var html: String
    /// The frame's size in CSS pixels: the screen the message is shown on.
    var width: Double
    var height: Double
    /// CSS selectors tapped in order, each scrolled into view and tapped at the centre of the
    /// element it matches (through `elementFromPoint`, so a covered control cannot be tapped).
    /// Missing ones are reported.
    var taps: [String] = []
    /// Whether the harness waits for the document's bridge to record an event by itself (an
    /// `html` message whose campaign script reports through a link).
    var awaitsEvent = false
}

/// What the harness measured in one page, after its animations finished.
struct PageReport: Decodable, Sendable {
    struct Size: Decodable, Sendable {
        var width: Double
        var height: Double
    }

    struct Rect: Decodable, Sendable, CustomStringConvertible {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var description: String { "(x: \(x), y: \(y), width: \(width), height: \(height))" }

        /// Whether the two boxes share any area (touching edges do not count).
        func overlaps(_ other: Rect) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    /// A Marquee element: the card, the title, a button, the close control, the opt-out box,
    /// the campaign frame or the tooltip target.
    struct Control: Decodable, Sendable {
        var name: String
        var rect: Rect
        /// Non-zero size, and neither it nor an ancestor is `display: none`, `visibility: hidden`
        /// or `opacity: 0`.
        var visible: Bool
        /// Its whole box lies within the viewport.
        var inside: Bool
        /// `elementFromPoint` at its centre returns it or a descendant: nothing covers or clips it
        /// (and it is not `pointer-events: none`).
        var reachable: Bool
    }

    /// A visible text element (header, title, body, a survey prompt, a carousel page's text)
    /// and its box.
    struct TextBox: Decodable, Sendable {
        var name: String
        var rect: Rect
    }

    struct Texts: Decodable, Sendable {
        var documentTitle: String
        var header: String?
        var title: String?
        var body: String?
        var buttons: [String]
        var imageAlt: String?
    }

    struct Frame: Decodable, Sendable {
        /// The `sandbox` attribute of `#marquee-frame`.
        var sandbox: String?
        /// Whether the message document could read the frame's document (it must not).
        var contentAccessible: Bool
    }

    var name: String
    /// Whether the document loaded and has `#marquee-root`.
    var loaded: Bool
    var viewport: Size
    /// Bridge events (JSON text, as posted) recorded before the harness touched the page.
    var eventsAtLoad: [String]
    /// Every bridge event recorded right after the taps (for a page that awaits an event, by the
    /// end of the run).
    var events: [String]
    var controls: [Control]
    /// Taps whose selector matched nothing.
    var missingTaps: [String]
    /// WCAG contrast ratio of the visible header, title and body text against the card background.
    var contrasts: [String: Double]
    /// Relative luminance of the card background.
    var backgroundLuminance: Double?
    /// Whether `__pwned` was set on the page's window.
    var pwned: Bool
    var scriptCount: Int
    /// Elements an escaping failure would produce (`svg`, `a`, extra `img`, …), as tag names.
    var unexpectedElements: [String]
    /// `on…` attributes anywhere in the document, as `tag@attribute`.
    var handlerAttributes: [String]
    var texts: Texts
    var textBoxes: [TextBox]
    var frame: Frame?
    /// The document's address at the end of the run (it must not have navigated).
    var location: String
}

/// Everything one harness run measured.
struct BrowserReport: Decodable, Sendable {
    /// Whether `__pwned` was set on the harness window (the parent and top of every page).
    var harnessPwned: Bool
    /// Whether the harness's own page without a Content-Security-Policy ran an inline event
    /// handler and a script: proof that `__pwned` staying unset means something.
    var canaryRan: Bool
    var pages: [PageReport]
}

/// Loads rendered messages in headless Chromium and measures them.
///
/// Each page is written to a temporary directory and embedded in an `<iframe>` of a test-owned
/// harness page (no Content-Security-Policy, same `file:` origin, so it may read the frames'
/// documents). After the harness loads, it finishes every CSS animation, measures each Marquee
/// control, taps the requested controls at their centres, and writes a JSON report
/// (base64, in an attribute) into its own DOM, which Chromium dumps and this type decodes.
/// The inspection runs synchronously right after load, before any auto-close timer can fire.
enum BrowserHarness {
    enum Failure: Error, CustomStringConvertible {
        case noResult(dom: String)
        case harnessError(String)

        var description: String {
            switch self {
            case .noResult(let dom): "The harness page wrote no result. Dumped DOM:\n\(dom.prefix(2_000))"
            case .harnessError(let message): "The harness script failed: \(message)"
            }
        }
    }

    static func run(_ pages: [BrowserPage], in browser: HeadlessChromium) async throws -> BrowserReport {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("marquee-browser-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var frames = ""
        var cases: [[String: Any]] = []
        for (index, page) in pages.enumerated() {
            let file = "page-\(index).html"
            try page.html.write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8)
            frames += "<iframe id=\"frame-\(index)\" src=\"\(file)\" style=\"width: \(page.width)px; height: \(page.height)px\"></iframe>\n"
            cases.append(["name": page.name, "frame": "frame-\(index)", "taps": page.taps, "awaitsEvent": page.awaitsEvent])
        }
        try canary.write(to: directory.appendingPathComponent("canary.html"), atomically: true, encoding: .utf8)
        let json = String(decoding: try JSONSerialization.data(withJSONObject: cases), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
        let harness = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>Marquee browser harness</title>
            <style>body { margin: 0; } iframe { position: absolute; left: 0; top: 0; border: 0; }</style>
            </head><body>
            <div id="result" data-state="running"></div>
            <iframe id="canary" src="canary.html" style="width: 10px; height: 10px"></iframe>
            \(frames)<script type="application/json" id="cases">\(json)</script>
            <script>\(script)</script>
            </body></html>
            """
        let harnessURL = directory.appendingPathComponent("harness.html")
        try harness.write(to: harnessURL, atomically: true, encoding: .utf8)

        let dom = try await browser.dumpDOM(of: harnessURL, workDirectory: directory)
        return try report(in: dom)
    }

    private static func report(in dom: String) throws -> BrowserReport {
        func attribute(_ name: String) -> String? {
            guard let start = dom.range(of: " \(name)=\""),
                  let end = dom[start.upperBound...].firstIndex(of: "\"") else { return nil }
            return String(dom[start.upperBound..<end])
        }
        guard let encoded = attribute("data-result"), let data = Data(base64Encoded: encoded) else {
            throw Failure.noResult(dom: dom)
        }
        if attribute("data-state") == "error" {
            throw Failure.harnessError(String(decoding: data, as: UTF8.self))
        }
        return try JSONDecoder().decode(BrowserReport.self, from: data)
    }

    /// A page of the harness's own with no policy: the same payloads must run here.
    private static let canary = """
        <!DOCTYPE html>
        <html><body>
        <img src="missing.png" onerror="parent.__canaryHandler = 1">
        <script>parent.__canaryScript = 1;</script>
        </body></html>
        """

    private static let script = #"""
    (function () {
      "use strict";
      var cases = JSON.parse(document.getElementById("cases").textContent);
      var result = document.getElementById("result");

      function finish(state, value) {
        var bytes = new TextEncoder().encode(JSON.stringify(value));
        var binary = "";
        for (var i = 0; i < bytes.length; i++) { binary += String.fromCharCode(bytes[i]); }
        result.setAttribute("data-result", btoa(binary));
        result.setAttribute("data-state", state);
      }

      function rectOf(element) {
        var r = element.getBoundingClientRect();
        return { x: r.left, y: r.top, width: r.width, height: r.height };
      }

      function centre(element) {
        var r = element.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }

      function isVisible(element, win) {
        var r = element.getBoundingClientRect();
        if (!(r.width > 0 && r.height > 0)) { return false; }
        for (var node = element; node && node.nodeType === 1; node = node.parentElement) {
          var style = win.getComputedStyle(node);
          if (style.display === "none" || style.visibility === "hidden" || parseFloat(style.opacity) === 0) {
            return false;
          }
        }
        return true;
      }

      function isInside(element, win) {
        var r = element.getBoundingClientRect(), slack = 0.5;
        return r.left >= -slack && r.top >= -slack &&
          r.right <= win.innerWidth + slack && r.bottom <= win.innerHeight + slack;
      }

      function isReachable(element, doc) {
        var point = centre(element);
        var hit = doc.elementFromPoint(point.x, point.y);
        return !!hit && (hit === element || element.contains(hit));
      }

      // As a user scrolls a long card to reach a control, then taps it.
      function tap(element, doc) {
        element.scrollIntoView({ block: "center", inline: "center" });
        var point = centre(element);
        var hit = doc.elementFromPoint(point.x, point.y);
        if (hit) { hit.click(); }
      }

      // Relative luminance (WCAG) of a computed "rgb(…)"/"rgba(…)" colour; null when transparent.
      function luminance(color) {
        var parts = (color.match(/[\d.]+/g) || []).map(Number);
        if (parts.length < 3 || (parts.length > 3 && parts[3] === 0)) { return null; }
        var linear = parts.slice(0, 3).map(function (channel) {
          var c = channel / 255;
          return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
        });
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
      }

      function text(doc, selector) {
        var element = doc.querySelector(selector);
        return element ? element.textContent : null;
      }

      function inspect(spec) {
        var frame = document.getElementById(spec.frame);
        var doc = frame.contentDocument, win = frame.contentWindow;
        var root = doc && doc.getElementById("marquee-root");
        var report = { name: spec.name, loaded: !!root, viewport: { width: win.innerWidth, height: win.innerHeight },
                       eventsAtLoad: [], events: [], controls: [], missingTaps: [], contrasts: {}, pwned: false, scriptCount: 0,
                       unexpectedElements: [], handlerAttributes: [], location: String(win.location.href),
                       texts: { documentTitle: "", buttons: [] }, textBoxes: [] };
        if (!root) { return report; }

        doc.getAnimations().forEach(function (animation) { animation.finish(); });
        report.eventsAtLoad = (win.__marqueeEvents || []).map(function (event) { return JSON.stringify(event); });

        var named = [["card", "#marquee-message"], ["title", "#marquee-title:not(.mq-visually-hidden)"],
                     ["close", "#marquee-close"], ["opt-out", "#marquee-opt-out"], ["frame", "#marquee-frame"],
                     ["tooltip-target", ".mq-anchor"]];
        var elements = [];
        named.forEach(function (pair) {
          var element = doc.querySelector(pair[1]);
          if (element) { elements.push([pair[0], element]); }
        });
        doc.querySelectorAll(".mq-button[data-marquee-button]").forEach(function (button) {
          elements.push(["button " + button.getAttribute("data-marquee-button"), button]);
        });
        report.controls = elements.map(function (pair) {
          return { name: pair[0], rect: rectOf(pair[1]), visible: isVisible(pair[1], win),
                   inside: isInside(pair[1], win), reachable: isReachable(pair[1], doc) };
        });

        doc.querySelectorAll("#marquee-header, #marquee-title, #marquee-body, .mq-prompt, .mq-page .mq-title, .mq-page .mq-body")
          .forEach(function (element) {
            if (element.classList.contains("mq-visually-hidden") || !isVisible(element, win)) { return; }
            report.textBoxes.push({ name: element.id || element.className, rect: rectOf(element) });
          });

        var card = doc.getElementById("marquee-message");
        var background = card ? luminance(win.getComputedStyle(card).backgroundColor) : null;
        report.backgroundLuminance = background;
        report.contrasts = {};
        ["header", "title", "body"].forEach(function (part) {
          var element = doc.querySelector("#marquee-" + part + ":not(.mq-visually-hidden)");
          var foreground = element ? luminance(win.getComputedStyle(element).color) : null;
          if (foreground !== null && background !== null) {
            report.contrasts[part] = (Math.max(foreground, background) + 0.05) / (Math.min(foreground, background) + 0.05);
          }
        });

        report.scriptCount = doc.querySelectorAll("script").length;
        doc.querySelectorAll("svg, math, a, form, object, embed, base, link, iframe:not(#marquee-frame), " +
                             "img:not(#marquee-image), body style")
          .forEach(function (element) { report.unexpectedElements.push(element.localName); });
        doc.querySelectorAll("*").forEach(function (element) {
          Array.prototype.forEach.call(element.attributes, function (attribute) {
            if (/^on/i.test(attribute.name)) { report.handlerAttributes.push(element.localName + "@" + attribute.name); }
          });
        });
        var image = doc.getElementById("marquee-image");
        report.texts = { documentTitle: doc.title, header: text(doc, "#marquee-header"), title: text(doc, "#marquee-title"),
                         body: text(doc, "#marquee-body"), imageAlt: image ? image.getAttribute("alt") : null,
                         buttons: Array.prototype.map.call(doc.querySelectorAll(".mq-button"), function (b) { return b.textContent; }) };
        var campaignFrame = doc.getElementById("marquee-frame");
        if (campaignFrame) {
          var accessible = false;
          try { accessible = campaignFrame.contentDocument !== null; } catch (error) { accessible = false; }
          report.frame = { sandbox: campaignFrame.getAttribute("sandbox"), contentAccessible: accessible };
        }

        spec.taps.forEach(function (selector) {
          var element = doc.querySelector(selector);
          if (element) { tap(element, doc); } else { report.missingTaps.push(selector); }
        });
        report.events = (win.__marqueeEvents || []).map(function (event) { return JSON.stringify(event); });
        return report;
      }

      function complete(reports) {
        cases.forEach(function (spec, index) {
          var win = document.getElementById(spec.frame).contentWindow;
          if (spec.awaitsEvent) {
            reports[index].events = (win.__marqueeEvents || []).map(function (event) { return JSON.stringify(event); });
          }
          reports[index].pwned = typeof win.__pwned !== "undefined";
          reports[index].location = String(win.location.href);
        });
        finish("done", { harnessPwned: typeof window.__pwned !== "undefined",
                         canaryRan: window.__canaryHandler === 1 && window.__canaryScript === 1, pages: reports });
      }

      window.addEventListener("load", function () {
        try {
          var reports = cases.map(inspect);
          var polls = 0;
          // Campaign scripts report through postMessage, which arrives a task or two later. A
          // framed banner or slide-up reports its height at once: that is not what is awaited.
          (function wait() {
            var pending = cases.some(function (spec) {
              var events = document.getElementById(spec.frame).contentWindow.__marqueeEvents || [];
              return spec.awaitsEvent && !events.some(function (event) { return event.type !== "size"; });
            });
            if (pending && polls++ < 100) { setTimeout(wait, 20); } else { complete(reports); }
          })();
        } catch (error) {
          finish("error", String(error && error.stack || error));
        }
      });
    })();
    """#
}
