import FluentKit

/// A SQLite database's configuration together with the ``SQLiteWriteGate`` its writers queue at.
///
/// Fluent gives every `Database` it makes the configuration it was registered with, so a write
/// transaction finds its own database's gate from the database alone
/// (``FluentKit/Database/writeTransaction(_:)``). Applications that share a process (the tests
/// run dozens of servers at once) each keep their own gate, and none waits behind another's writes.
struct WriteGatedConfiguration: DatabaseConfiguration {
    var base: any DatabaseConfiguration
    let writeGate: SQLiteWriteGate

    var middleware: [any AnyModelMiddleware] {
        get { base.middleware }
        set { base.middleware = newValue }
    }

    func makeDriver(for databases: Databases) -> any DatabaseDriver {
        base.makeDriver(for: databases)
    }
}

extension Database {
    /// The gate this database's writers queue at; `nil` for a database without one (PostgreSQL).
    var writeGate: SQLiteWriteGate? {
        (context.configuration as? WriteGatedConfiguration)?.writeGate
    }
}
