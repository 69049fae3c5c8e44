/// The languages Marquee's own words come in without any setup.
extension RenderStrings {
    /// German.
    public static let german = RenderStrings(
        close: "Schließen", optOut: "Nicht mehr anzeigen",
        videoUnavailable: "Dieses Video kann hier nicht abgespielt werden.",
        previousPage: "Vorherige Seite", nextPage: "Nächste Seite", pagePosition: "Seite {page} von {count}")

    /// French.
    public static let french = RenderStrings(
        close: "Fermer", optOut: "Ne plus afficher", videoUnavailable: "Cette vidéo ne peut pas être lue ici.",
        previousPage: "Page précédente", nextPage: "Page suivante", pagePosition: "Page {page} sur {count}")

    /// Japanese.
    public static let japanese = RenderStrings(
        close: "閉じる", optOut: "今後表示しない", videoUnavailable: "この動画はここでは再生できません。",
        previousPage: "前のページ", nextPage: "次のページ", pagePosition: "{count}ページ中{page}ページ目")
}
