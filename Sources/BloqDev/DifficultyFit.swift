import ArgumentParser
import BloqGame
import Foundation

/// Fits the difficulty measure's weights on a table of `difficulty-profiles` and checks them
/// (docs/levels.md, "Difficulty that predicts"): a pairwise logistic regression that a level
/// of a later pack is harder than one of an earlier pack, fitted on the levels of odd
/// number and checked on the even ones, and the other way round, then fitted on all. Prints
/// the weights, the share of pairs each measure orders right on the levels it was not fitted
/// on, and Spearman rank correlations against search effort and pack order.
struct DifficultyFit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "difficulty-fit", abstract: "Fit and check the difficulty measure on a difficulty-profiles table.")

    @Argument(help: "The table (bench/difficulty-profiles.txt).") var file: String
    @Option(help: "The ridge penalty on the standardised weights.") var ridge = 0.01
    @Option(help: "A feature to leave out of the fit, by its number (1 to 7, as printed); the shipped weights are not affected.")
    var drop: Int?

    func run() throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let rows = text.split(separator: "\n").compactMap(DifficultyTable.Row.init(line:))
        guard rows.count >= 4 else {
            printError("\(file): fewer than 4 levels")
            throw ExitCode(65)
        }
        let features = rows.map { DifficultyProfile.features($0.profile) }
        let names = DifficultyProfile.featureNames
        // Standardised, so the penalty treats the features alike.
        let count = Double(rows.count)
        let means = names.indices.map { j in features.map { $0[j] }.reduce(0, +) / count }
        let deviations = names.indices.map { j in
            max((features.map { ($0[j] - means[j]) * ($0[j] - means[j]) }.reduce(0, +) / count).squareRoot(), 1e-9)
        }
        // A dropped feature is a column of zeros: its weight stays 0.
        let z = features.map { x in names.indices.map { $0 + 1 == drop ? 0 : (x[$0] - means[$0]) / deviations[$0] } }

        // Two folds by level number; each measure checked on the fold it was not fitted on.
        let odd = rows.indices.filter { rows[$0].index % 2 == 1 }
        let even = rows.indices.filter { rows[$0].index % 2 == 0 }
        var heldOut: [String: (right: Double, pairs: Double)] = [:]
        func check(_ label: String, _ score: (Int) -> Double, on levels: [Int]) {
            let (right, pairs) = concordance(levels, rows: rows, score: score)
            heldOut[label, default: (0, 0)].right += right
            heldOut[label, default: (0, 0)].pairs += pairs
        }
        for (fit, test) in [(odd, even), (even, odd)] {
            let w = fitWeights(z, rows: rows, on: fit)
            check("fitted measure", { i in zip(w, z[i]).map(*).reduce(0, +) }, on: test)
        }
        for level in [odd, even] {
            check("par", { i in Double(rows[i].profile.optimal) }, on: level)
            check("search effort", { i in Double(rows[i].profile.effort) }, on: level)
            check("DifficultyRating.score", { i in DifficultyProfile.ratingScore(rows[i].profile) }, on: level)
            check("shipped weights", { i in rows[i].profile.measure }, on: level)
        }
        print("Pairs of levels of different packs ordered right, on the fold not fitted on (ties count half):")
        for (label, value) in heldOut.sorted(by: { $0.key < $1.key }) {
            print("  \(label): \(String(format: "%.4f", value.right / value.pairs)) of \(Int(value.pairs)) pairs")
        }

        let w = fitWeights(z, rows: rows, on: Array(rows.indices))
        // Back to the raw features: measure = Σ raw weight × feature (the constant dropped).
        let raw = names.indices.map { w[$0] / deviations[$0] }
        print("Weights fitted on all \(rows.count) levels (standardised; raw, for DifficultyProfile.weights):")
        for j in names.indices {
            print(
                "  \(j + 1). \(names[j]): \(String(format: "%+.4f", w[j])); \(String(format: "%+.6f", raw[j])) (mean \(String(format: "%.3f", means[j])))"
            )
        }
        let fitted = rows.indices.map { i in zip(raw, features[i]).map(*).reduce(0, +) }
        let shipped = rows.map(\.profile.measure)
        let effort = rows.map { Double($0.profile.effort) }
        print("Spearman rank correlations (shipped weights; in brackets the weights just fitted):")
        var packs: [Int] = []
        for row in rows where !packs.contains(row.pack) { packs.append(row.pack) }
        for pack in packs {
            let members = rows.indices.filter { rows[$0].pack == pack }
            let name = rows[members[0]].path.split(separator: "/").dropLast().joined(separator: "/")
            let position = members.map { Double(rows[$0].index) }
            let pick = { (values: [Double]) in members.map { values[$0] } }
            print(
                "  \(name) (\(members.count)): against effort \(rho(pick(shipped), pick(effort))) (\(rho(pick(fitted), pick(effort)))),"
                    + " against position \(rho(pick(shipped), position)) (\(rho(pick(fitted), position))),"
                    + " par against effort \(rho(pick(rows.map { Double($0.profile.optimal) }), pick(effort)))")
        }
        print(
            "  all (\(rows.count)): against effort \(rho(shipped, effort)) (\(rho(fitted, effort))),"
                + " against pack \(rho(shipped, rows.map { Double($0.pack) })) (\(rho(fitted, rows.map { Double($0.pack) })))")
    }

    /// Pairs of `levels` from different packs, and how many of them `score` orders as the
    /// packs are (a tie counts half).
    func concordance(_ levels: [Int], rows: [DifficultyTable.Row], score: (Int) -> Double) -> (Double, Double) {
        var right = 0.0
        var pairs = 0.0
        let scores = levels.map(score)
        for a in levels.indices {
            for b in levels.indices where rows[levels[a]].pack < rows[levels[b]].pack {
                pairs += 1
                if scores[a] < scores[b] { right += 1 } else if scores[a] == scores[b] { right += 0.5 }
            }
        }
        return (right, pairs)
    }

    /// Weights `w` minimising the logistic loss of "the level of the later pack scores
    /// higher" over the pairs of `levels` from different packs, plus `ridge` × |w|² (per
    /// pair), by Newton's method.
    func fitWeights(_ z: [[Double]], rows: [DifficultyTable.Row], on levels: [Int]) -> [Double] {
        let k = z[0].count
        var differences: [[Double]] = []
        for a in levels {
            for b in levels where rows[a].pack < rows[b].pack {
                differences.append((0..<k).map { z[b][$0] - z[a][$0] })
            }
        }
        let n = Double(differences.count)
        var w = [Double](repeating: 0, count: k)
        for _ in 0..<50 {
            var gradient = w.map { 2 * ridge * $0 }
            var hessian = (0..<k).map { i in (0..<k).map { j in i == j ? 2 * ridge : 0 } }
            for d in differences {
                let margin = zip(w, d).map(*).reduce(0, +)
                let p = 1 / (1 + exp(margin))  // the chance given to the wrong order
                for i in 0..<k {
                    gradient[i] -= p * d[i] / n
                    for j in 0..<k { hessian[i][j] += p * (1 - p) * d[i] * d[j] / n }
                }
            }
            let step = solve(hessian, gradient)
            for i in 0..<k { w[i] -= step[i] }
            if step.map(abs).max() ?? 0 < 1e-10 { break }
        }
        return w
    }

    /// The solution of `a` x = `b` (Gaussian elimination with partial pivoting; `a` is
    /// positive definite here).
    func solve(_ a: [[Double]], _ b: [Double]) -> [Double] {
        var m = a
        var v = b
        let k = b.count
        for c in 0..<k {
            let pivot = (c..<k).max { abs(m[$0][c]) < abs(m[$1][c]) } ?? c
            m.swapAt(c, pivot)
            v.swapAt(c, pivot)
            guard abs(m[c][c]) > 1e-300 else { continue }
            for r in (c + 1)..<max(k, c + 1) {
                let factor = m[r][c] / m[c][c]
                for j in c..<k { m[r][j] -= factor * m[c][j] }
                v[r] -= factor * v[c]
            }
        }
        var x = [Double](repeating: 0, count: k)
        for r in stride(from: k - 1, through: 0, by: -1) {
            let rest = ((r + 1)..<k).map { m[r][$0] * x[$0] }.reduce(0, +)
            x[r] = abs(m[r][r]) > 1e-300 ? (v[r] - rest) / m[r][r] : 0
        }
        return x
    }

    /// Spearman's rank correlation (ties take their mean rank), to two decimals.
    func rho(_ a: [Double], _ b: [Double]) -> String {
        func ranks(_ v: [Double]) -> [Double] {
            let order = v.indices.sorted { v[$0] < v[$1] }
            var r = [Double](repeating: 0, count: v.count)
            var i = 0
            while i < order.count {
                var j = i
                while j + 1 < order.count, v[order[j + 1]] == v[order[i]] { j += 1 }
                for t in i...j { r[order[t]] = Double(i + j) / 2 + 1 }
                i = j + 1
            }
            return r
        }
        let ra = ranks(a)
        let rb = ranks(b)
        let n = Double(a.count)
        let ma = ra.reduce(0, +) / n
        let mb = rb.reduce(0, +) / n
        let cov = zip(ra, rb).map { ($0 - ma) * ($1 - mb) }.reduce(0, +)
        let va = ra.map { ($0 - ma) * ($0 - ma) }.reduce(0, +)
        let vb = rb.map { ($0 - mb) * ($0 - mb) }.reduce(0, +)
        return va > 0 && vb > 0 ? String(format: "%.2f", cov / (va * vb).squareRoot()) : "n/a"
    }
}
