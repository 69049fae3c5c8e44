import MarqueeServer

extension ServerConfiguration.Flags {
    /// Flags with only the values `set` gives, as a command line naming just those would.
    static func with(_ set: (inout Self) -> Void) -> Self {
        var flags = Self()
        set(&flags)
        return flags
    }
}
