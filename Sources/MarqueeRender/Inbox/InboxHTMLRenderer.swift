import Foundation
import MarqueeModel

/// The App Inbox as HTML/CSS: a list page (with its loading, empty and error states) and a detail
/// page, light or dark, left-to-right or right-to-left.
///
/// The pages run no script at all, and their Content-Security-Policy says so: message text is
/// escaped, HTML bodies are shown as their text, images load only from their own `https` origins,
/// and a button is a link only when its URL is one a view may follow.
public struct InboxHTMLRenderer: Sendable {
    /// What the list page shows.
    public enum ListState: Sendable {
        case loading
        case loaded([InboxMessage])
        case failed
    }

    public var theme: Theme
    public var direction: LayoutDirection
    public var labels: InboxLabels

    public init(theme: Theme = .automatic, direction: LayoutDirection = .leftToRight, labels: InboxLabels = InboxLabels()) {
        self.theme = theme
        self.direction = direction
        self.labels = labels
    }

    /// The list page; items carry `data-index` from 1 in the order given.
    public func list(_ state: ListState, now: Date) -> String {
        var images: [MediaURL] = []
        var body = ""
        switch state {
        case .loading:
            body = #"<p class="state loading">\#(escape(labels.loading))</p>"#
        case .failed:
            body = #"<p class="state failed" role="alert">\#(escape(labels.failed))</p>"#
        case .loaded(let messages) where messages.isEmpty:
            body = #"<p class="state empty">\#(escape(labels.empty))</p>"#
        case .loaded(let messages):
            body = #"<ul class="inbox">"#
            for (index, message) in messages.enumerated() {
                let image = MediaURL(message.content.imageURL)
                if let image { images.append(image) }
                let mark = message.isRead ? "" : #"<span class="dot" role="img" aria-label="\#(escape(labels.unreadDescription))"></span>"#
                body += """
                <li class="item\(message.isRead ? "" : " unread")" data-index="\(index + 1)">\(mark)\
                \(thumbnail(image))<div class="text"><div class="row"><span class="title">\(escape(message.content.title))</span>\
                <time>\(escape(labels.relativeTime(of: message.deliveredAt, now: now)))</time></div>\
                <p class="body">\(escape(message.content.bodyText))</p></div></li>
                """
            }
            body += "</ul>"
        }
        let unread: Int
        if case .loaded(let messages) = state { unread = messages.filter { !$0.isRead }.count } else { unread = 0 }
        let header = #"<header><h1>\#(escape(labels.title))</h1><span class="count">\#(escape(String(format: labels.unreadCount, unread)))</span></header>"#
        return document(title: labels.title, body: header + body, images: images)
    }

    /// One message in full.
    public func detail(_ message: InboxMessage, now: Date) -> String {
        let image = MediaURL(message.content.imageURL)
        let hero = image.map { #"<img class="hero" src="\#(escape($0.absoluteString))" alt="">"# } ?? #"<div class="hero placeholder"></div>"#
        let paragraphs = message.content.bodyText.split(separator: "\n").map { "<p>\(escape(String($0)))</p>" }.joined()
        var actions = ""
        let buttons = message.content.detailButtons(labels: labels)
        if !buttons.isEmpty {
            actions = #"<nav class="actions">"# + buttons.map { button in
                #"<a class="button" href="\#(escape(button.action.url ?? ""))">\#(escape(button.title))</a>"#
            }.joined() + "</nav>"
        }
        let body = """
        <article>\(hero)<time>\(escape(labels.relativeTime(of: message.deliveredAt, now: now)))</time>\
        <h1>\(escape(message.content.title))</h1><div class="body">\(paragraphs)</div>\(actions)</article>
        """
        return document(title: message.content.title, body: body, images: [image].compactMap { $0 })
    }

    private func thumbnail(_ image: MediaURL?) -> String {
        image.map { #"<img class="thumb" src="\#(escape($0.absoluteString))" alt="">"# } ?? #"<span class="thumb placeholder"></span>"#
    }

    private func document(title: String, body: String, images: [MediaURL]) -> String {
        let stylesheet = InboxStylesheet.css
        let origins = images.map(\.origin).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let policy = [
            "default-src 'none'", "script-src 'none'", "style-src 'sha256-\(SHA256.base64Digest(of: stylesheet))'",
            "img-src \(origins.isEmpty ? "'none'" : origins.joined(separator: " "))", "base-uri 'none'", "form-action 'none'",
        ].joined(separator: "; ")
        let themeAttribute: String
        switch theme {
        case .automatic: themeAttribute = ""
        case .light: themeAttribute = #" data-theme="light""#
        case .dark: themeAttribute = #" data-theme="dark""#
        }
        let dir: String
        switch direction {
        case .leftToRight: dir = "ltr"
        case .rightToLeft: dir = "rtl"
        }
        return """
        <!doctype html><html dir="\(dir)"\(themeAttribute)><head><meta charset="utf-8">\
        <meta name="viewport" content="width=device-width, initial-scale=1">\
        <meta http-equiv="Content-Security-Policy" content="\(escape(policy))">\
        <title>\(escape(title))</title><style>\(stylesheet)</style></head><body>\(body)</body></html>
        """
    }

    private func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}

/// The inbox pages' one stylesheet, pinned by its hash in their policy.
enum InboxStylesheet {
    static let css = """
    :root{color-scheme:light dark;--bg:#fff;--fg:#1c1c1e;--muted:#6e6e73;--line:#e5e5ea;--accent:#0a66ff;--placeholder:#d1d1d6}\
    @media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#000;--fg:#f2f2f7;--muted:#98989f;--line:#2c2c2e;--placeholder:#3a3a3c}}\
    :root[data-theme=dark]{--bg:#000;--fg:#f2f2f7;--muted:#98989f;--line:#2c2c2e;--placeholder:#3a3a3c}\
    body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.4 -apple-system,system-ui,sans-serif;overflow-wrap:anywhere}\
    header{display:flex;align-items:baseline;justify-content:space-between;padding:16px}\
    h1{margin:0;font-size:24px}.count{color:var(--muted);font-size:14px}\
    .inbox{list-style:none;margin:0;padding:0}\
    .item{display:flex;gap:12px;align-items:flex-start;padding:12px 16px;border-top:1px solid var(--line)}\
    .dot{flex:none;width:10px;height:10px;margin-top:8px;border-radius:50%;background:var(--accent)}\
    .item:not(.unread){padding-inline-start:38px}\
    .thumb{flex:none;width:56px;height:56px;border-radius:8px;object-fit:cover;background:var(--placeholder)}\
    .text{flex:1;min-width:0}.row{display:flex;gap:8px;justify-content:space-between}\
    .title{font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}\
    .unread .title{font-weight:700}time{flex:none;color:var(--muted);font-size:13px}\
    .body{margin:2px 0 0;color:var(--muted);overflow:hidden;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2}\
    .state{padding:48px 16px;text-align:center;color:var(--muted)}.failed{color:#d70015}\
    article{padding:0 0 24px}.hero{display:block;width:100%;aspect-ratio:16/9;object-fit:cover;background:var(--placeholder)}\
    article time{display:block;padding:16px 16px 0}article h1{padding:4px 16px 8px}\
    article .body{display:block;color:var(--fg);padding:0 16px;margin:0}article .body p{margin:0 0 12px}\
    .actions{display:flex;flex-direction:column;gap:8px;padding:8px 16px}\
    .button{display:block;text-align:center;padding:12px;border-radius:10px;background:var(--accent);color:#fff;text-decoration:none;font-weight:600}
    """
}
