import ArgumentParser
import MapGeoJSON

/// A look at the raw arguments before argument-parser reads them, for two things it gets wrong
/// on a map command line:
/// - a negative number after an option that takes a value (`--near -74.0,40.7`, the western or
///   southern hemisphere) is taken for an option name and the value is "missing": such a value
///   is joined to its option (`--near=-74.0,40.7`), which parses the same as the `=` form;
/// - an unknown option is reported only once the command's own cross-option checks pass, so a
///   typo (`--zom 3`) got the message of a missing option: it is reported first, by name, with
///   the closest declared option as a suggestion.
///
/// The options of each subcommand come from argument-parser's own description of the commands.
enum ArgumentPreflight {
    /// The long and short option spellings of one subcommand (`--zoom`, `-o`).
    struct Options {
        var takingValues: Set<String> = []
        var all: Set<String> = []
    }

    enum Outcome {
        case arguments([String])
        case unknownOption(subcommand: String, option: String, suggestion: String?)
    }

    static func prepare(_ arguments: [String]) -> Outcome {
        guard let subcommand = arguments.first, let options = declaredOptions(of: subcommand) else { return .arguments(arguments) }
        var prepared = [subcommand]
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { prepared += arguments[index...]; break }
            if argument.hasPrefix("--") {
                let name = String(argument.prefix { $0 != "=" })
                guard options.all.contains(name) else {
                    return .unknownOption(subcommand: subcommand, option: name, suggestion: closest(to: name, in: options.all))
                }
            }
            if options.takingValues.contains(argument), index + 1 < arguments.count, looksNegative(arguments[index + 1]) {
                prepared.append(argument + "=" + arguments[index + 1])
                index += 2
                continue
            }
            prepared.append(argument)
            index += 1
        }
        return .arguments(prepared)
    }

    /// `-74.0,40.7`, `-5`, `-.5`: a value, not an option name.
    static func looksNegative(_ text: String) -> Bool {
        let characters = Array(text)
        return characters.count > 1 && characters[0] == "-" && (characters[1].isNumber || characters[1] == ".")
    }

    /// The declared option nearest to a misspelling (at most a third of its letters changed).
    static func closest(to name: String, in candidates: Set<String>) -> String? {
        let ranked = candidates.filter { $0.hasPrefix("--") }.map { ($0, editDistance(name, $0)) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        guard let best = ranked.first, best.1 <= max(2, (name.count - 2) / 3) else { return nil }
        return best.0
    }

    /// Edits between two names: insertions, deletions, substitutions and swaps of two
    /// neighbouring letters, each counting one (a swap is the commonest slip: `--form` is one
    /// edit from `--from`, two from `--format`).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var beforePrevious = [Int](), previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }

    /// The options of one subcommand, from argument-parser's help description of that command
    /// alone (describing every command on each start cost more than the rest of a short run).
    static func declaredOptions(of subcommand: String) -> Options? {
        // argument-parser's own `help` subcommand, which is not among the configured ones.
        if subcommand == "help" { return Options(all: ["--help", "-h", "-help", "--version"]) }
        guard let command = Mapctl.configuration.subcommands.first(where: { $0._commandName == subcommand }),
              let tool = try? JSONValue(parsing: Array(command._dumpHelp().utf8)),
              case let .array(arguments)? = member(member(tool, "command"), "arguments") else { return nil }
        // The root command's flag, accepted after every subcommand.
        var options = Options(all: ["--version"])
        for argument in arguments {
            guard case let .string(kind)? = member(argument, "kind"), kind != "positional",
                  case let .array(names)? = member(argument, "names") else { continue }
            for spelling in names {
                guard case let .string(nameKind)? = member(spelling, "kind"), case let .string(text)? = member(spelling, "name") else { continue }
                let written = (nameKind == "long" ? "--" : "-") + text
                options.all.insert(written)
                if kind == "option" { options.takingValues.insert(written) }
            }
        }
        return options
    }

    private static func member(_ value: JSONValue?, _ key: String) -> JSONValue? { value?.objectValue?[key] }
}
