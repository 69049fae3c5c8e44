/// What a write of ``CatalogStore`` returns from inside its transaction: its result, and the
/// change it made for the audit log. Every write body must say what it changed (the type asks for
/// it), and the store hands the change on only after the transaction committed.
struct Changed<Value: Sendable>: Sendable {
    var value: Value
    var change: CatalogChange

    init(_ value: Value, _ change: CatalogChange) {
        self.value = value
        self.change = change
    }
}

extension Changed where Value == Void {
    init(_ change: CatalogChange) {
        self.init((), change)
    }
}
