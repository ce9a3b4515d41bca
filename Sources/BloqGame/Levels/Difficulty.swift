/// How hard a level is meant to be.
public enum Difficulty: String, CaseIterable, Sendable, Codable {
    case easy, medium, hard, expert, master
}
