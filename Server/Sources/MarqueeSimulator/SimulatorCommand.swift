import Foundation
import Marquee
import MarqueeModel

/// One line typed into `marquee simulate`.
public enum SimulatorCommand: Sendable, Equatable {
    case log(Event)
    case rules([String])
    case choose(TerminalPresenter.Choice)
    /// An answer to the tooltip on screen.
    case chooseTooltip(TerminalPresenter.Choice)
    case user(String?)
    case pause, resume, enable, disable
    /// The app leaves the foreground, or comes back to it.
    case background, foreground
    /// Moves the device's clock ahead by this many seconds (`wait 31m`).
    case wait(TimeInterval)
    case queue, cache, status
    /// The App Inbox of the current user.
    case inbox(InboxCommand)
    /// Whether inbox opens and clicks may be tracked.
    case consent(InboxTrackingConsent)
    /// The app shows a placement: its embedded content is drawn and counted as seen.
    case placement(String)
    /// A push notification's payload (JSON); `opened` when the user opened the app from it.
    case notification(json: String, opened: Bool)
    /// Pairs with the dashboard: a code, or the URL of its QR code.
    case pair(String)
    /// Ends the pairing.
    case unpair
    case help
    case quit

    /// The commands, as `help` lists them.
    public static let usage = """
    Events:
      start                              log an app start (logged once at launch)
      session                            log a session start
      login                              log a successful login
      event purchase amount=10 currency=EUR items=a,b
      event NAME key=value …             a custom event; also: custom NAME key=value …
                                         values: 3 (integer), 2.5 (double), true (boolean),
                                         1700000000000ms (time), "text" or text (string)
      push [campaign]                    log a push notification click
      notification {JSON}                the app was opened from a push with this payload: logs the
                                         click, keeps an in-app message it carries ("inApp": {…})
      notification silent {JSON}         a push that arrived in the background: keeps its message
      view ELEMENT                       an element appeared (tooltips)
      placement NAME                     the app shows placement NAME (home.top): its embedded
                                         content is drawn and counts as seen
      rule KEYWORD …                     show rule-keyword messages
    The message on screen:
      button N | click | close | optout
      answer N VALUE                     answer survey question N: choice numbers (1,3), a score,
                                         or text
      submit                             send the survey's answers
      tooltip click | tooltip close      answer the tooltip on screen
    Device:
      user ID | user -                   switch to user ID, or to the anonymous user
      pause | resume | enable | disable
      background | foreground            the app leaves the foreground / comes back (a new
                                         session after 30 minutes away)
      wait 31m | wait 90s | wait 2h      move the device's clock ahead (also: advance)
      queue | cache | status             show the queue, the user's cached campaigns, the state
    Dashboard:
      pair CODE | pair URL               pair with the dashboard's "Preview on a device": its
                                         previews show here, and it can follow a debug session
      unpair                             end the pairing
    App Inbox (identified users):
      inbox                              sync and list the messages, numbered
      inbox open N                       show message N in full (marks it read, tracks the open)
      inbox click N [B]                  follow message N's button B, or its main action
      inbox read N | inbox unread N | inbox delete N
      consent granted|denied|not-required   may opens and clicks be tracked
      help | quit
    """

    /// Parses a line; `nil` for an empty line or a comment (`# …`).
    public init?(parsing line: String) throws(SimulatorCommandError) {
        if let notification = try Self.notification(line) {
            self = notification
            return
        }
        let words = try Self.words(of: line)
        guard let head = words.first?.text.lowercased(), !head.hasPrefix("#") else { return nil }
        let arguments = Array(words.dropFirst())
        let rest = arguments.map(\.text)
        switch head {
        case "start": self = .log(.appStart)
        case "session": self = .log(.sessionStart)
        case "login": self = .log(.login)
        case "push": self = .log(.pushClick(campaign: rest.first))
        case "event", "custom":
            guard let name = rest.first else { throw .missingArgument("\(head) needs an event name") }
            let attributes = try Self.attributes(Array(arguments.dropFirst()))
            self = .log(try Self.event(named: name, attributes: attributes, forceCustom: head == "custom"))
        case "view":
            guard let element = rest.first else { throw .missingArgument("view needs an element identifier") }
            self = .log(.viewAppeared(element))
        case "placement":
            guard let name = rest.first else { throw .missingArgument("placement needs a name: placement home.top") }
            self = .placement(name)
        case "rule", "rules":
            guard !rest.isEmpty else { throw .missingArgument("rule needs at least one keyword") }
            self = .rules(rest)
        case "button":
            guard let text = rest.first, let index = Int(text), index >= 1 else {
                throw .missingArgument("button needs a number: button 1")
            }
            self = .choose(.button(index))
        case "tooltip":
            switch rest.first?.lowercased() {
            case "click": self = .chooseTooltip(.content)
            case "close": self = .chooseTooltip(.close)
            default: throw .missingArgument("tooltip needs click or close")
            }
        case "answer":
            guard let text = rest.first, let index = Int(text), index >= 1, rest.count > 1 else {
                throw .missingArgument("answer needs a question number and a value: answer 1 9")
            }
            self = .choose(.answer(question: index, rest.dropFirst().joined(separator: " ")))
        case "submit": self = .choose(.submit)
        case "click": self = .choose(.content)
        case "close", "dismiss": self = .choose(.close)
        case "optout", "opt-out": self = .choose(.toggleOptOut)
        case "user":
            guard let id = rest.first else { throw .missingArgument("user needs an ID, or - for the anonymous user") }
            self = .user(id == "-" || id == "anonymous" ? nil : id)
        case "pause": self = .pause
        case "resume": self = .resume
        case "enable": self = .enable
        case "disable": self = .disable
        case "background", "bg": self = .background
        case "foreground", "fg": self = .foreground
        case "wait", "advance":
            guard let text = rest.first else { throw .missingArgument("\(head) needs a duration: \(head) 31m") }
            self = .wait(try Self.duration(text))
        case "queue": self = .queue
        case "cache": self = .cache
        case "status": self = .status
        case "inbox": self = .inbox(try InboxCommand(parsing: rest))
        case "consent":
            switch rest.first?.lowercased() {
            case "granted": self = .consent(.granted)
            case "denied": self = .consent(.denied)
            case "not-required", "notrequired": self = .consent(.notRequired)
            default: throw .missingArgument("consent needs granted, denied or not-required")
            }
        case "pair":
            guard let code = rest.first, rest.count == 1 else { throw .missingArgument("pair needs the code or URL the dashboard shows") }
            self = .pair(code)
        case "unpair": self = .unpair
        case "help", "?": self = .help
        case "quit", "exit": self = .quit
        default: throw .unknownCommand(head)
        }
    }

    /// `notification [silent] {JSON}`: the rest of the line is JSON, read as it is (its quotes are not words').
    private static func notification(_ line: String) throws(SimulatorCommandError) -> SimulatorCommand? {
        let trimmed = line.drop { $0.isWhitespace }
        guard trimmed.lowercased().hasPrefix("notification"),
              trimmed.dropFirst("notification".count).first.map({ $0.isWhitespace }) ?? true else { return nil }
        var rest = trimmed.dropFirst("notification".count).drop { $0.isWhitespace }
        let silent = rest.lowercased().hasPrefix("silent")
        if silent { rest = rest.dropFirst("silent".count).drop { $0.isWhitespace } }
        let json = String(rest)
        guard (try? JSONSerialization.jsonObject(with: Data(json.utf8))) is [String: Any] else {
            throw .badValue(#"notification needs a JSON object: notification {"pushId": "spring", "inApp": {…}}"#)
        }
        return .notification(json: json, opened: !silent)
    }

    private static func event(named name: String, attributes: [String: AttributeValue], forceCustom: Bool) throws(SimulatorCommandError) -> Event {
        guard !forceCustom else { return .custom(name, attributes: attributes) }
        switch name.lowercased() {
        case "start", "app_start": return .appStart
        case "login", "login_successful": return .login
        case "session", "session_start": return .sessionStart
        case "purchase", "purchase_successful": return try purchase(attributes)
        default: return .custom(name, attributes: attributes)
        }
    }

    /// `amount` in currency units (also `amountMicros`), `currency`, `items` (comma-separated), `count`.
    private static func purchase(_ attributes: [String: AttributeValue]) throws(SimulatorCommandError) -> Event {
        var micros: Int64?
        let tooLarge = SimulatorCommandError.badValue("amount is too large")
        switch attributes["amount"] {
        case .integer(let value):
            let (product, overflow) = value.multipliedReportingOverflow(by: 1_000_000)
            guard !overflow else { throw tooLarge }
            micros = product
        case .double(let value):
            let scaled = (value * 1_000_000).rounded()
            guard abs(scaled) < 9.2e18 else { throw tooLarge }
            micros = Int64(scaled)
        case nil: break
        default: throw .badValue("amount must be a number")
        }
        if case .integer(let value) = attributes["amountMicros"] { micros = value }
        let items: [String] = if case .string(let text) = attributes["items"] {
            text.split(separator: ",").map(String.init)
        } else if case .integer(let single) = attributes["items"] { [String(single)] } else { [] }
        var count: Int64? = items.isEmpty ? nil : Int64(items.count)
        if case .integer(let value) = attributes["count"] { count = value }
        let currency: String? = if case .string(let code) = attributes["currency"] { code } else { nil }
        return .purchase(amountMicros: micros, numberOfItems: count, currencyCode: currency, itemIDs: items)
    }

    static func attributes(_ words: [Word]) throws(SimulatorCommandError) -> [String: AttributeValue] {
        var attributes: [String: AttributeValue] = [:]
        for word in words {
            guard let equals = word.text.firstIndex(of: "="), equals != word.text.startIndex else {
                throw .badValue("'\(word.text)' is not key=value")
            }
            let key = String(word.text[..<equals])
            let text = String(word.text[word.text.index(after: equals)...])
            attributes[key] = word.isQuoted ? .string(text) : value(of: text)
        }
        return attributes
    }

    /// Types a value the way ``usage`` documents.
    static func value(of text: String) -> AttributeValue {
        if let integer = Int64(text) { return .integer(integer) }
        if text.contains("."), let double = Double(text), double.isFinite { return .double(double) }
        if text == "true" || text == "false" { return .boolean(text == "true") }
        if text.hasSuffix("ms"), let millis = Int64(text.dropLast(2)) { return .timeMillis(millis) }
        return .string(text)
    }

    /// A word of a command line; `isQuoted` when any part of it was in quotes (`name="Ada L"`).
    struct Word: Equatable {
        var text: String
        var isQuoted: Bool
    }

    /// `90`, `90s`, `31m`, `2h` or `1d`, in seconds.
    static func duration(_ text: String) throws(SimulatorCommandError) -> TimeInterval {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        let unit = text.last.flatMap { units[$0] }
        let number = unit == nil ? text : String(text.dropLast())
        guard let value = Double(number), value.isFinite, value >= 0 else {
            throw .badValue("'\(text)' is not a duration: 90s, 31m, 2h or 1d")
        }
        return value * (unit ?? 1)
    }

    /// Splits on white space, keeping `"quoted text"` together.
    static func words(of line: String) throws(SimulatorCommandError) -> [Word] {
        var words: [Word] = []
        var current = Word(text: "", isQuoted: false)
        var started = false
        var inQuotes = false
        for character in line {
            if character == "\"" {
                inQuotes.toggle()
                current.isQuoted = true
                started = true
            } else if character.isWhitespace && !inQuotes {
                if started { words.append(current) }
                current = Word(text: "", isQuoted: false)
                started = false
            } else {
                current.text.append(character)
                started = true
            }
        }
        guard !inQuotes else { throw .badValue("a quote is not closed") }
        if started { words.append(current) }
        return words
    }
}

/// Why a simulator line could not be read.
public enum SimulatorCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownCommand(String)
    case missingArgument(String)
    case badValue(String)

    public var description: String {
        switch self {
        case .unknownCommand(let word): "unknown command '\(word)'; type help"
        case .missingArgument(let message), .badValue(let message): message
        }
    }
}

/// `inbox …` in `marquee simulate`. Messages are numbered from 1 as the last `inbox` listed them.
public enum InboxCommand: Sendable, Equatable {
    case list
    case open(Int)
    /// A button by number, or the main action when `nil`.
    case click(Int, button: Int?)
    case read(Int), unread(Int), delete(Int)

    init(parsing words: [String]) throws(SimulatorCommandError) {
        guard let verb = words.first?.lowercased() else {
            self = .list
            return
        }
        func number(_ position: Int, _ what: String) throws(SimulatorCommandError) -> Int {
            guard position < words.count, let value = Int(words[position]), value >= 1 else {
                throw .missingArgument("inbox \(verb) needs \(what): inbox \(verb) 1")
            }
            return value
        }
        switch verb {
        case "list": self = .list
        case "open": self = .open(try number(1, "a message number"))
        case "click": self = .click(try number(1, "a message number"), button: words.count > 2 ? try number(2, "a button number") : nil)
        case "read": self = .read(try number(1, "a message number"))
        case "unread": self = .unread(try number(1, "a message number"))
        case "delete": self = .delete(try number(1, "a message number"))
        default: throw .badValue("inbox knows list, open, click, read, unread and delete")
        }
    }
}
