import MarqueeServer
import Testing

/// `--max-live-connections-per-address` and `--max-live-connections-per-device` are read as the
/// other limits are: flags win over the environment, and a bad value is named.
@Suite struct LiveLimitsConfigurationTests {
    @Test func theLiveChannelLimitsPerAddressAndPerDeviceAreConfigured() throws {
        let defaults = try ServerConfiguration.resolve(environment: [:])
        #expect(defaults.maxLiveConnectionsPerAddress == nil && defaults.maxLiveConnectionsPerDevice == 2)

        let environment = ["MARQUEE_MAX_LIVE_CONNECTIONS_PER_ADDRESS": "100", "MARQUEE_MAX_LIVE_CONNECTIONS_PER_DEVICE": "1"]
        let fromEnvironment = try ServerConfiguration.resolve(environment: environment)
        #expect(fromEnvironment.maxLiveConnectionsPerAddress == 100 && fromEnvironment.maxLiveConnectionsPerDevice == 1)
        var flags = ServerConfiguration.Flags()
        flags.maxLiveConnectionsPerAddress = 5
        flags.maxLiveConnectionsPerDevice = 3
        let fromFlags = try ServerConfiguration.resolve(flags, environment: environment)
        #expect(fromFlags.maxLiveConnectionsPerAddress == 5 && fromFlags.maxLiveConnectionsPerDevice == 3)

        #expect {
            try ServerConfiguration.resolve(environment: ["MARQUEE_MAX_LIVE_CONNECTIONS_PER_ADDRESS": "0",
                                                          "MARQUEE_MAX_LIVE_CONNECTIONS_PER_DEVICE": "many"])
        } throws: { error in
            let problems = (error as? ConfigurationError)?.problems ?? []
            return problems.contains { $0.contains("per address") } && problems.contains { $0.contains("MARQUEE_MAX_LIVE_CONNECTIONS_PER_DEVICE") }
        }
    }
}
