/// Something the database holds could not be read. Reported to clients as a server error; the
/// details go to the log only.
struct StoredDataError: Error, CustomStringConvertible {
    var what: String
    var underlying: String

    var description: String { "\(what) could not be read: \(underlying)" }
}
