import SQLiteNIO
import VaporCSQLite

extension SQLiteConnection {
    /// Stops the statement this connection is running, which then fails with `SQLITE_INTERRUPT`;
    /// a no-op when none runs. SQLite allows it from any thread while the connection is open.
    ///
    /// SQLiteNIO keeps its `sqlite3` handle internal, so it is found by reflection. When it cannot
    /// be found this returns false and work is bounded only between statements;
    /// `AdminLaneTests` fails if that ever happens.
    @discardableResult
    func interrupt() -> Bool {
        guard let raw = Mirror(reflecting: self).descendant("handle", "raw") as? OpaquePointer else { return false }
        sqlite_nio_sqlite3_interrupt(raw)
        return true
    }
}
