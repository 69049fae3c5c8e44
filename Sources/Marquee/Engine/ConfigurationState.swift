/// The SDK's configuration as the actor has applied it: whether `configure` ran, the commands
/// waiting for it, whether tooltips are on, and the switches as of the last command handled
/// (``MarqueeSettings`` holds the latest values the app asked for).
struct ConfigurationState: Sendable {
    private(set) var isConfigured = false
    private(set) var tooltipsEnabled = false
    private var waiting: [Command] = []
    /// ``MarqueeSDK/isEnabled``: off, nothing shows and events do not count.
    var isEnabled = true
    /// ``MarqueeSDK/isPaused``: messages wait, triggers count.
    var isPaused = false

    /// Keeps a command that needs the configuration until `configure` has run.
    mutating func holdUntilConfigured(_ command: Command) {
        waiting.append(command)
    }

    /// `configure` ran, with tooltips on or off.
    mutating func configured(tooltipsEnabled: Bool) {
        isConfigured = true
        self.tooltipsEnabled = tooltipsEnabled
    }

    /// The commands that waited for the configuration, in the order they came; none wait after.
    mutating func takeWaiting() -> [Command] {
        defer { waiting = [] }
        return waiting
    }
}
