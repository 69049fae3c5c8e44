import Foundation
import Marquee
import MarqueeModel
import MarqueeRender

/// `marquee simulate`: a device in the terminal, running the real SDK against a Marquee server.
///
/// It logs an app start when it begins, as an app does, then reads one command per line (see
/// ``SimulatorCommand/usage``) and prints what the device shows. After every command it waits
/// until the SDK is idle, so a script's output is complete and in order.
@MainActor
public final class Simulator {
    private let options: SimulatorOptions
    private let write: @Sendable (String) -> Void
    private let sdk: MarqueeSDK
    private let presenter: TerminalPresenter
    /// Tooltips show beside messages, so they get a presenter of their own.
    private let tooltipPresenter: TerminalPresenter
    private let user: SimulatedUser
    private let observer: Observer
    /// Real time plus the time skipped with `wait`.
    private let clock: SimulatorClock
    /// The messages the last `inbox` listed, which `inbox open N` and the others number.
    private var listedInbox: [InboxMessage] = []

    public init(options: SimulatorOptions, write: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.write = write
        let clock = SimulatorClock()
        self.clock = clock
        // The terminal is the app's window: its lifecycle comes from `background` and `foreground`.
        let environment = MarqueeEnvironment(
            clock: clock, storageDirectory: options.storageDirectory,
            app: AppInfo(appID: "dev.marquee.simulator", appVersion: options.appVersion,
                         locale: options.locale, deviceID: options.deviceID),
            observesSystemLifecycle: false)
        sdk = MarqueeSDK(environment: environment)
        presenter = TerminalPresenter(width: options.width, useColor: options.useColor, write: write)
        tooltipPresenter = TerminalPresenter(width: options.width, useColor: options.useColor, write: write)
        user = SimulatedUser(userID: options.userID)
        observer = Observer(write: write)
    }

    /// Starts the device and runs commands until `quit` or the end of input.
    public func run<Lines: AsyncSequence>(_ lines: Lines) async throws where Lines.Element == String {
        start()
        await sdk.waitUntilIdle()
        if options.isInteractive { prompt() }
        for try await line in lines {
            if !options.isInteractive, !line.trimmingCharacters(in: .whitespaces).isEmpty { write("> \(line)") }
            let keepGoing = await handle(line)
            if !keepGoing { break }
            if options.isInteractive { prompt() }
        }
        write("bye")
    }

    private func start() {
        write("""
        Marquee simulator: device \(options.deviceID), \(options.userID.map { "user \($0)" } ?? "anonymous user")
        server \(options.configurationURL.absoluteString), subscription \(options.subscriptionID). Type help for commands.
        """)
        sdk.displayInterval = options.displayInterval
        sdk.register(presenter: presenter)
        sdk.register(presenter: tooltipPresenter, for: [.tooltip])
        sdk.delegate = observer
        let write = self.write
        sdk.errorCallback = { error in write("! \(error)") }
        sdk.registerPreference(user)
        sdk.configure(subscriptionID: options.subscriptionID, configurationURL: options.configurationURL,
                      enableTooltipFeature: true)
        sdk.logEvent(AppStartEvent())
    }

    /// Runs one line; `false` after `quit`.
    func handle(_ line: String) async -> Bool {
        let command: SimulatorCommand
        do {
            guard let parsed = try SimulatorCommand(parsing: line) else { return true }
            command = parsed
        } catch {
            write("! \(error)")
            return true
        }
        switch command {
        case .log(let event): sdk.logEvent(event)
        case .rules(let keywords): sdk.executeRule(keywords)
        case .choose(let choice):
            do { try presenter.choose(choice) } catch { write("! \(error)") }
        case .chooseTooltip(let choice):
            do { try tooltipPresenter.choose(choice) } catch { write("! \(error)") }
        case .user(let id):
            user.userID = id
            sdk.registerPreference(user)
            write("now \(id.map { "user \($0)" } ?? "the anonymous user")")
        case .pause: sdk.isPaused = true; write("paused: messages wait in the queue")
        case .resume: sdk.isPaused = false; write("resumed")
        case .enable: sdk.isEnabled = true; write("enabled")
        case .disable: sdk.isEnabled = false; write("disabled: nothing shows and events do not count")
        case .background: sdk.appWillResignActive(); write("in the background: nothing shows")
        case .foreground: sdk.appDidBecomeActive(); write("in the foreground")
        case .wait(let seconds):
            clock.skip(seconds)
            write("(\(Self.describe(seconds)) later)")
        case .queue: write(StateReport.queue(await sdk.state()))
        case .cache: write(StateReport.cache(await sdk.state()))
        case .status: write(StateReport.status(await sdk.state()))
        case .inbox(let inboxCommand): await handle(inboxCommand)
        case .placement(let name): await showPlacement(name)
        case .consent(let consent):
            sdk.trackingConsent = consent
            write("inbox tracking consent: \(consent.rawValue)")
        case .notification(let json, let opened):
            let payload = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
            let handled = sdk.handleNotification(payload, openedByUser: opened)
            if handled.loggedPushClick { write("(push click\(handled.pushID.map { " on \($0)" } ?? ""))") }
            if let id = handled.heldMessageID { write("(in-app message \(id) held; rule … shows it)") }
        case .pair(let text):
            do {
                if let url = URL(string: text), url.scheme != nil { try await sdk.pair(url: url) } else { try await sdk.pair(code: text) }
                write("paired with the dashboard: its previews show here, and it can follow a debug session")
            } catch {
                write("! \(error)")
            }
        case .unpair:
            await sdk.endPairing()
            write("pairing ended")
        case .help: write(SimulatorCommand.usage)
        case .quit: return false
        }
        await sdk.waitUntilIdle()
        return true
    }

    /// Draws what placement `name` shows and counts it as seen, as a view that shows at least
    /// half of it does.
    private func showPlacement(_ name: String) async {
        guard let content = await sdk.placements.content(for: name) else {
            return write("(placement \(name) shows nothing: no embedded campaign for it is eligible)")
        }
        let renderer = TerminalRenderer(width: options.width, useColor: options.useColor,
                                        options: presenter.renderContext.options(personalization: content.personalization))
        write("placement \(name): \(content.campaignName)")
        write(renderer.render(content.message))
        let counted = await sdk.placements.recordImpression(content)
        write(counted ? "(seen: one impression)" : "(seen again: no impression left to count)")
    }

    private func handle(_ command: InboxCommand) async {
        let inbox = sdk.inbox
        let renderer = InboxTerminalRenderer(width: options.width)
        func message(_ number: Int) -> InboxMessage? {
            guard listedInbox.indices.contains(number - 1) else {
                write("! no message \(number); type inbox to list them")
                return nil
            }
            return listedInbox[number - 1]
        }
        do {
            switch command {
            case .list:
                listedInbox = try await inbox.fetch()
                write(renderer.list(listedInbox, now: Date()))
            case .open(let number):
                guard let chosen = message(number) else { return }
                write(renderer.detail(chosen, now: Date()))
                _ = await inbox.trackOpened(chosen.id)
                if !chosen.isRead { try await inbox.markRead([chosen.id]) }
            case .click(let number, let button):
                guard let chosen = message(number) else { return }
                let action: InboxAction
                if let button {
                    let buttons = chosen.content.linkButtons
                    guard buttons.indices.contains(button - 1) else {
                        write("! message \(number) has \(buttons.count) button\(buttons.count == 1 ? "" : "s")")
                        return
                    }
                    action = buttons[button - 1].action
                } else {
                    // A message without a main action just opens the app.
                    action = chosen.content.mainAction ?? InboxAction(.openApp)
                }
                _ = await inbox.trackClick(action, on: chosen.id)
                write("(opening \(action.url ?? "the app"))")
            case .read(let number):
                guard let chosen = message(number) else { return }
                try await inbox.markRead([chosen.id])
                write("marked \(number) read")
            case .unread(let number):
                guard let chosen = message(number) else { return }
                try await inbox.markUnread([chosen.id])
                write("marked \(number) unread")
            case .delete(let number):
                guard let chosen = message(number) else { return }
                try await inbox.delete([chosen.id])
                write("deleted \(number)")
            }
        } catch {
            write("! \(error)")
        }
    }

    /// `31m`, `2h 5m`, `45s`: the skipped time as a person says it.
    nonisolated static func describe(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        let parts = [(total / 86_400, "d"), (total % 86_400 / 3600, "h"), (total % 3600 / 60, "m"), (total % 60, "s")]
            .filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }
        return parts.isEmpty ? "0s" : parts.joined(separator: " ")
    }

    private func prompt() {
        write("> ")
    }

    /// Prints what the SDK reports through its delegate.
    private final class Observer: MarqueeDelegate {
        let write: @Sendable (String) -> Void

        init(write: @escaping @Sendable (String) -> Void) {
            self.write = write
        }

        func marquee(willDisplay message: InAppMessage) {
            if message.isPreview { write("(preview from the dashboard: \(message.campaignName))") }
        }

        func marquee(didFinish message: InAppMessage, with resolution: DisplayResolution) {
            write("(\(message.campaignName) finished: \(resolution))")
        }

        func marquee(noMatchingTriggerFor event: Event) {
            write("(no campaign listens for \(event.key))")
        }

        func marquee(didHoldBack message: InAppMessage) {
            write("(\(message.campaignName) held back: control group, control impression recorded)")
        }

        func marquee(didConvert conversion: Conversion) {
            let arm = conversion.variant.map { $0 == "control" ? ", control group" : ", variant \($0)" } ?? ""
            write("(conversion: \(conversion.campaignName)\(arm), on \(conversion.event.key))")
        }

        func marqueePairingDidEnd() {
            write("(the dashboard ended the pairing)")
        }
    }
}
