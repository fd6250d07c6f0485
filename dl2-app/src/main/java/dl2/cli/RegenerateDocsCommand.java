package dl2.cli;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.run.DocBlocks;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 regenerate-docs} (run by {@code scripts/regenerate-docs}): reruns the command of every
 * generated block of README.md and the Markdown files under docs/ and writes its output into the
 * block, so that every number in the documentation comes from the command written above it.
 */
@Command(
    name = "regenerate-docs",
    mixinStandardHelpOptions = true,
    hidden = true,
    description =
        "Rerun the commands of the documentation's generated blocks (<!-- generated: ./dl2 ... -->) and "
            + "write their output into the blocks. Run from the repository root (scripts/regenerate-docs does).")
final class RegenerateDocsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      paramLabel = "FILE",
      arity = "0..*",
      description =
          "Markdown files or folders to regenerate (default: the README and every document under docs/).")
  List<Path> files = new ArrayList<>();

  @Option(
      names = "--match",
      paramLabel = "TEXT",
      description = "Only the blocks whose command contains TEXT.")
  String match;

  @Option(
      names = "--list",
      description = "List the generated blocks and their commands; run nothing.")
  boolean list;

  @Override
  public Integer call() throws IOException {
    Path root = Path.of("").toAbsolutePath();
    String home = System.getProperty("dl2.home");
    if (home == null || !Files.isSameFile(root, Path.of(home))) {
      throw new InputException(
          "run regenerate-docs from the repository root (scripts/regenerate-docs does): the "
              + "documented commands use paths relative to it");
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    for (Path file : files.isEmpty() ? DocBlocks.documents(root) : expanded(root)) {
      List<String> lines = read(file);
      List<DocBlocks.Generated> blocks = DocBlocks.generated(file.toString(), lines);
      List<List<String>> bodies = new ArrayList<>();
      boolean changed = false;
      for (DocBlocks.Generated block : blocks) {
        List<String> old = lines.subList(block.start() + 1, block.end());
        if (list || (match != null && !block.command().text().contains(match))) {
          bodies.add(old);
          if (list) {
            out.println(file + ":" + block.command().line() + ": " + block.command().text());
          }
          continue;
        }
        err.println(
            "regenerate-docs: "
                + file
                + ":"
                + block.command().line()
                + ": "
                + block.command().text());
        err.flush();
        List<String> body = run(file, block.command(), root);
        changed |= !body.equals(old);
        bodies.add(body);
      }
      if (changed) {
        AtomicFiles.write(
            file,
            (String.join("\n", DocBlocks.replaced(lines, blocks, bodies)) + "\n")
                .getBytes(StandardCharsets.UTF_8));
        out.println("wrote " + file);
      }
    }
    out.flush();
    return 0;
  }

  /** The command's stdout as a fenced block, with the repository's own path shown as relative. */
  static List<String> run(Path file, DocBlocks.Command command, Path root) {
    StringWriter stdout = new StringWriter();
    StringWriter stderr = new StringWriter();
    int code =
        Dl2.commandLine(new PrintWriter(stdout), new PrintWriter(stderr))
            .execute(command.args().toArray(String[]::new));
    if (code != 0) {
      throw new InputException(
          file
              + ":"
              + command.line()
              + ": '"
              + command.text()
              + "' exited with code "
              + code
              + ": "
              + Dl2.oneLine(stderr.toString()));
    }
    List<String> body = new ArrayList<>();
    body.add("```text");
    stdout.toString().replace(root + "/", "").lines().map(String::stripTrailing).forEach(body::add);
    while (body.size() > 1 && body.get(body.size() - 1).isEmpty()) {
      body.remove(body.size() - 1);
    }
    body.add("```");
    return body;
  }

  /** The FILE arguments, each folder replaced by the Markdown files in it and its subfolders. */
  private List<Path> expanded(Path root) {
    List<Path> expanded = new ArrayList<>();
    for (Path file : files) {
      expanded.addAll(
          Files.isDirectory(root.resolve(file))
              ? DocBlocks.markdownUnder(root, file)
              : List.of(file));
    }
    return expanded;
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputException("cannot read " + file + ": " + e.getMessage());
    }
  }
}
