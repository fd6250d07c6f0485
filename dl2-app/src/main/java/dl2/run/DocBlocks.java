package dl2.run;

import dl2.io.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The commands a Markdown document shows and runs. Two kinds of block:
 *
 * <ul>
 *   <li>generated: {@code <!-- generated: ./dl2 ARGS -->}, the command's output, {@code <!-- end
 *       -->}; {@code regenerate-docs} reruns the command and replaces the output;
 *   <li>examples: {@code <!-- examples -->} before a fenced block, each of whose lines starting
 *       with {@code ./dl2 } is a command (a trailing backslash continues it, {@code #} starts a
 *       comment).
 * </ul>
 */
public final class DocBlocks {
  static final String LAUNCHER = "./dl2 ";
  private static final Pattern GENERATED = Pattern.compile("^<!-- generated: (.+?) -->\\s*$");
  private static final String END = "<!-- end -->";
  private static final String EXAMPLES = "<!-- examples -->";

  /** A command of a document, at its (1-based) line, with the launcher's arguments. */
  public record Command(int line, String text, List<String> args, boolean generated) {}

  /** A generated block: the marker's line index (0-based), the end marker's, and the command. */
  public record Generated(int start, int end, Command command) {}

  private DocBlocks() {}

  /**
   * The documents that show commands: README.md and every Markdown file under docs/, relative to
   * {@code root}.
   */
  public static List<Path> documents(Path root) {
    List<Path> documents = new ArrayList<>(List.of(Path.of("README.md")));
    documents.addAll(markdownUnder(root, Path.of("docs")));
    return documents;
  }

  /**
   * The Markdown files in {@code folder} and its subfolders, relative to {@code root}, in path
   * order.
   */
  public static List<Path> markdownUnder(Path root, Path folder) {
    try (Stream<Path> files = Files.walk(root.resolve(folder))) {
      return files
          .filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p))
          .map(root::relativize)
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new InputException("cannot list " + folder + ": " + e.getMessage());
    }
  }

  /** Every generated block of {@code lines}; {@code name} names the document in errors. */
  public static List<Generated> generated(String name, List<String> lines) {
    List<Generated> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = GENERATED.matcher(lines.get(i));
      if (!m.matches()) {
        continue;
      }
      int end = i + 1;
      while (end < lines.size() && !lines.get(end).strip().equals(END)) {
        if (GENERATED.matcher(lines.get(end)).matches()) {
          break;
        }
        end++;
      }
      if (end == lines.size() || !lines.get(end).strip().equals(END)) {
        throw new InputException(name + ":" + (i + 1) + ": generated block without its " + END);
      }
      blocks.add(new Generated(i, end, command(name, i + 1, m.group(1), true)));
      i = end;
    }
    return blocks;
  }

  /** Every command of {@code lines}: generated blocks' and example blocks', in document order. */
  public static List<Command> commands(String name, List<String> lines) {
    List<Command> commands = new ArrayList<>();
    List<Generated> generated = generated(name, lines);
    int next = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (next < generated.size() && generated.get(next).start() == i) {
        commands.add(generated.get(next).command());
        i = generated.get(next++).end();
      } else if (lines.get(i).strip().equals(EXAMPLES)) {
        i = examples(name, lines, i, commands);
      }
    }
    return commands;
  }

  /**
   * Reads the fenced block after the marker at {@code marker}; returns the index of its closing
   * fence.
   */
  private static int examples(String name, List<String> lines, int marker, List<Command> commands) {
    int open = marker + 1;
    while (open < lines.size() && lines.get(open).isBlank()) {
      open++;
    }
    if (open == lines.size() || !lines.get(open).startsWith("```")) {
      throw new InputException(
          name + ":" + (marker + 1) + ": " + EXAMPLES + " must be followed by a fenced code block");
    }
    int i = open + 1;
    for (; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
      String line = withoutComment(lines.get(i));
      if (!line.startsWith(LAUNCHER)) {
        continue;
      }
      int first = i;
      StringBuilder text = new StringBuilder();
      while (line.endsWith("\\") && i + 1 < lines.size()) {
        text.append(line, 0, line.length() - 1).append(' ');
        line = withoutComment(lines.get(++i));
      }
      text.append(line);
      commands.add(command(name, first + 1, text.toString(), false));
    }
    if (i == lines.size()) {
      throw new InputException(
          name + ":" + (open + 1) + ": the examples' code block is not closed");
    }
    return i;
  }

  private static String withoutComment(String line) {
    int hash = line.indexOf(" #");
    return (hash < 0 ? line : line.substring(0, hash)).strip();
  }

  private static Command command(String name, int line, String text, boolean generated) {
    String normal = text.strip().replaceAll("\\s+", " ");
    if (!normal.startsWith(LAUNCHER)) {
      throw new InputException(
          name
              + ":"
              + line
              + ": a documented command must start with '"
              + LAUNCHER.strip()
              + "': "
              + text);
    }
    List<String> args = List.of(normal.substring(LAUNCHER.length()).split(" "));
    return new Command(line, normal, args, generated);
  }

  /**
   * {@code lines} with each generated block's body replaced by {@code bodies} (one per block, in
   * order).
   */
  public static List<String> replaced(
      List<String> lines, List<Generated> blocks, List<List<String>> bodies) {
    List<String> out = new ArrayList<>();
    int from = 0;
    for (int b = 0; b < blocks.size(); b++) {
      out.addAll(lines.subList(from, blocks.get(b).start() + 1));
      out.addAll(bodies.get(b));
      from = blocks.get(b).end();
    }
    out.addAll(lines.subList(from, lines.size()));
    return out;
  }
}
