import Foundation

/// A value that ``FileStore`` keeps in a layout of its own instead of JSON: for a file so large
/// and read so often (a 10,000-message inbox, at every launch) that decoding JSON would cost
/// more than everything else the SDK does to start.
protocol CompactStorable {
    /// Reads the value from a file in the current layout, or in an older one it still reads.
    init(storedData data: Data) throws
    /// The value in the current layout.
    func storedData() -> Data
    /// Whether `data` is in the current layout; a file in an older one is rewritten once read.
    static func isCurrentLayout(_ data: Data) -> Bool
}
