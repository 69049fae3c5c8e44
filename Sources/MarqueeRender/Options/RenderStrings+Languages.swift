/// The languages Marquee's own words come in without any setup.
extension RenderStrings {
    /// German.
    public static let german = RenderStrings(
        close: "Schließen", optOut: "Nicht mehr anzeigen",
        videoUnavailable: "Dieses Video kann hier nicht abgespielt werden.",
        previousPage: "Vorherige Seite", nextPage: "Nächste Seite", pagePosition: "Seite {page} von {count}",
        submit: "Senden", thankYou: "Vielen Dank!", done: "Fertig", required: "Pflichtfeld",
        answerRequired: "Bitte beantworten Sie die Pflichtfragen.", unlikely: "Unwahrscheinlich", likely: "Sehr wahrscheinlich")

    /// French.
    public static let french = RenderStrings(
        close: "Fermer", optOut: "Ne plus afficher", videoUnavailable: "Cette vidéo ne peut pas être lue ici.",
        previousPage: "Page précédente", nextPage: "Page suivante", pagePosition: "Page {page} sur {count}",
        submit: "Envoyer", thankYou: "Merci !", done: "Terminé", required: "Obligatoire",
        answerRequired: "Veuillez répondre aux questions obligatoires.", unlikely: "Peu probable", likely: "Très probable")

    /// Japanese.
    public static let japanese = RenderStrings(
        close: "閉じる", optOut: "今後表示しない", videoUnavailable: "この動画はここでは再生できません。",
        previousPage: "前のページ", nextPage: "次のページ", pagePosition: "{count}ページ中{page}ページ目",
        submit: "送信", thankYou: "ありがとうございました", done: "完了", required: "必須",
        answerRequired: "必須の質問に回答してください。", unlikely: "可能性は低い", likely: "可能性は高い")
}
