import MarqueeModel

/// A survey in the terminal: every question numbered, with what it takes (its choices
/// lettered by position, its scale, or a text box), then the submit control.
extension TerminalLayout {
    var survey: [TerminalLine] {
        let frame = box(.rounded, width: 60)
        let inner = frame.innerWidth
        let survey = text.survey ?? MessageText.Survey(questions: [], submitLabel: "", thankYouTitle: "", thankYouBody: nil)
        let questions = survey.questions.map { question -> [TerminalLine] in
            let mark = question.isRequired ? " *" : ""
            let prompt = paragraph("\(question.number). \(question.prompt)\(mark)", style: TerminalStyle(foreground: palette.title, bold: true),
                                   width: inner, alignment: .leading)
            let answer: [TerminalLine] = switch question.kind {
            case .singleChoice, .multipleChoice:
                question.choices.enumerated().flatMap { offset, choice in
                    paragraph((question.kind == .singleChoice ? "( ) " : "[ ] ") + "\(offset + 1) \(choice.label)",
                              style: TerminalStyle(foreground: palette.body), width: inner, alignment: .leading)
                }
            case .rating, .nps:
                paragraph((question.kind.scores ?? 0...0).map(String.init).joined(separator: " ")
                          + (question.kind == .nps ? "  (\(strings.unlikely) → \(strings.likely))" : ""),
                          style: TerminalStyle(foreground: palette.body), width: inner, alignment: .leading)
            case .text:
                paragraph("▭ text, up to \(question.maxLength) characters", style: captionStyle, width: inner, alignment: .leading)
            }
            return prompt + answer
        }
        let submit = chipLines([(label: "[s] " + TerminalText.sanitized(survey.submitLabel.isEmpty ? strings.submit : survey.submitLabel,
                                                                          keepingNewlines: false),
                                 style: TerminalStyle(foreground: palette.background, background: palette.title, bold: true))], width: inner)
        return frame.lines(sections([textLines(width: inner)] + questions + [submit, choices(width: inner)]))
    }
}
