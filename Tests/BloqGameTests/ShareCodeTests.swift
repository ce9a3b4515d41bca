import BloqGame
import Foundation
import Testing

@Suite("Share codes")
struct ShareCodeTests {
    func roundTrip(_ board: Board, title: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let code = try #require(ShareCode.encode(board, title: title), sourceLocation: sourceLocation)
        #expect(code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }, "URL-safe: \(code)")
        let decoded = try ShareCode.decode(code).get()
        #expect(decoded.board == board && decoded.title == title, "\(code)", sourceLocation: sourceLocation)
    }

    @Test("a code pasted with spaces or line ends around it decodes, a Windows line end (one Character) included")
    func pastedWithLineEnds() throws {
        let board = try #require(Board(["R.R", "..."]))
        let code = try #require(ShareCode.encode(board, title: "Pasted"))
        for pasted in [code + "\r\n", " " + code + "\n", "\t" + code + " \r\n\r\n", "\r\n" + code] {
            let decoded = try ShareCode.decode(pasted).get()
            #expect(decoded.board == board && decoded.title == "Pasted", "\(pasted.debugDescription)")
        }
    }

    @Test("a code pasted with its message or in a link decodes: the Cleared card's Share line, a sentence, a URL")
    func pastedWithWords() throws {
        let board = try #require(Board(["R.R", "..."]))
        let code = try #require(ShareCode.encode(board, title: "Pasted"))
        let solve = try #require(SolveCode.encode(board, title: "Pasted", moves: [Move(row: 0, column: 0, direction: .right)]))
        for pasted in ["Try this one: \(code).", "https://example.org/bloq?code=\(code)&from=chat", "\(code) (a hard one)"] {
            #expect(ShareCode.code(in: pasted) == code, "\(pasted)")
            #expect((try? ShareCode.level(from: pasted).get())?.board == board, "\(pasted)")
        }
        let shared = "Bloq Pasted ★★★ 1 move (par 1) 0:03 \(solve)"
        #expect(SolveCode.isSolveCode(shared) && ShareCode.code(in: shared) == solve)
        #expect((try? ShareCode.level(from: shared).get())?.board == board)
        #expect(SolveCode.clearingLine(in: shared)?.count == 1)
        // Words with no code in them are refused as they are, saying what is wrong with them.
        guard case .failure(let error) = ShareCode.level(from: "no code here") else {
            Issue.record("words with no code were accepted")
            return
        }
        #expect(error.message.contains("starts with 'n'"), "\(error.message)")
    }

    @Test("every shipped level round-trips, title included; a 4x4 level's code is at most 24 characters")
    func shippedLevels() throws {
        #expect(ShippedLevelsTests.files.count == 450)
        for url in ShippedLevelsTests.files {
            let level = try ShippedLevelsTests.load(url)
            try roundTrip(level.board, title: nil)
            try roundTrip(level.board, title: level.title)
            if level.board.rows == 4, level.board.columns == 4 {
                let code = try #require(ShareCode.encode(level.board))
                #expect(code.count <= 24, "\(url.lastPathComponent): \(code)")
            }
            // The decoded text is a level file the parser accepts, with the same board.
            let decoded = try ShareCode.decode(try #require(ShareCode.encode(level.board, title: level.title))).get()
            let reparsed = try LevelParser.parse(Array(LevelText.file(board: decoded.board, title: decoded.title).utf8), name: "x")
                .get()
            #expect(reparsed.board == level.board && reparsed.title == level.title)
        }
    }

    @Test("a seeded sweep of 10,000 random boards of every size round-trips")
    func sweep() throws {
        var random = SeededGenerator(seed: 2026)
        for index in 0..<10_000 {
            let rows = 2 + random.below(15)
            let columns = 2 + random.below(15)
            let cells = (0..<(rows * columns)).map { _ -> Cell in
                let pick = random.below(10)
                return pick == 0 ? .empty : pick == 1 ? .wall : .block(BlockColor.allCases[pick - 2])
            }
            let board = try #require(Board(rows: rows, columns: columns, cells: cells))
            let title: String? = index % 3 == 0 ? "Level \(index) ✓ — é" : nil
            try roundTrip(board, title: title)
        }
    }

    @Test("a typo anywhere is caught: every one-character change of a code is refused")
    func typos() throws {
        let board = try #require(Board(["RBRB", "BRBR", "RB.G", "GOGO"]))
        let code = try #require(ShareCode.encode(board, title: "Full House"))
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var characters = Array(code)
        for index in characters.indices.dropFirst(2) {
            let original = characters[index]
            for replacement in alphabet where replacement != original {
                characters[index] = replacement
                if case .success = ShareCode.decode(String(characters)) {
                    Issue.record("\(String(characters)) (position \(index + 1)) was accepted")
                }
            }
            characters[index] = original
        }
    }

    @Test(
        "a malformed code gets an error that names what is wrong",
        arguments: [
            ("", "empty", ShareCode.DecodeError.Reason.empty),
            ("X1AAAA", "starts with B1", .notACode),
            ("hola amigo", "starts with B1", .notACode),
            ("B2AAAAAAAAAAAAAAA", "version '2'", .newerVersion),
            ("B1AAAA!AAAAAAAAAA", "character 7", .badCharacter(7)),
            ("B1A", "cut short", .cutShort),
            // A code cut where its last character's spare bits are not zero.
            ("B1ABQEQ6", "cut short, or its last character is wrong", .cutShort),
            ("B1AAAA", "too short", .cutShort),
            ("B1AAAAAAAAAAAAAAAAAAA", "checksum", .damaged),
        ])
    func malformed(_ code: String, _ words: String, _ reason: ShareCode.DecodeError.Reason) {
        guard case .failure(let error) = ShareCode.decode(code) else {
            Issue.record("\(code) was accepted")
            return
        }
        #expect(error.message.contains(words), "\(code): \(error.message)")
        // The game says the kind of fault in the player's language.
        #expect(error.reason == reason, "\(code): \(error.reason)")
    }

    @Test("blanks around a pasted code are ignored; a title too long for a code is refused")
    func edges() throws {
        let board = try #require(Board(["R.R", "..."]))
        let code = try #require(ShareCode.encode(board))
        #expect(code == "B1" + String(code.dropFirst(2)) && code.count == 10)
        #expect((try? ShareCode.decode("  \(code)\n").get())?.board == board)
        #expect(ShareCode.encode(board, title: String(repeating: "x", count: 256)) == nil)
        #expect(ShareCode.encode(board, title: String(repeating: "x", count: 255)) != nil)
        let walls = try #require(Board(rows: 16, columns: 16, cells: Array(repeating: .wall, count: 256)))
        let longest = try #require(ShareCode.encode(walls, title: String(repeating: "é", count: 127)))
        #expect(longest.count <= ShareCode.maximumLength)
    }
}
