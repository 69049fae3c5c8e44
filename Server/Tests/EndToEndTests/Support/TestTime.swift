import Foundation

/// Where the manual clocks of live servers and test devices start unless a test says otherwise.
///
/// One instant for the whole run: a device made a minute after its server (the suite runs many
/// tests at once, and a loaded machine is slow to get from one step to the next) still agrees
/// with it on what time it is, so expiries and windows measured across the two stay exact.
enum TestTime {
    static let start = Date()
}
