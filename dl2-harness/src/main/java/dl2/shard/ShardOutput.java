package dl2.shard;

import dl2.io.Digests;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.io.PrintedFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A shard's output for the command that merges it ({@code --out -}): printed on stdout, as a pod's
 * log carries it, or with {@code --shard-file FILE} written whole into FILE (a sweep's results
 * volume, which no log cap limits), stdout then saying in one line what went where.
 */
public final class ShardOutput {
  private ShardOutput() {}

  /**
   * Prints {@code content} as {@code name}, or writes it into {@code file} (may be null)
   * atomically.
   */
  public static void print(
      String name, byte[] content, Shard shard, Path file, PrintWriter stdout) {
    String printed = PrintedFile.print(name, content);
    if (file == null) {
      stdout.print(printed);
      stdout.flush();
      return;
    }
    Path parent = file.toAbsolutePath().getParent();
    try {
      Files.createDirectories(parent);
      Path partial = parent.resolve("." + file.getFileName() + ".partial");
      Files.writeString(partial, printed, StandardCharsets.UTF_8);
      Files.move(
          partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new InputException("cannot write --shard-file " + file + ": " + OutputPaths.reason(e));
    }
    stdout.println(
        "shard "
            + shard
            + ": "
            + content.length
            + " bytes of "
            + name
            + " (SHA-256 "
            + Digests.sha256(content)
            + ") in "
            + file);
    stdout.flush();
  }
}
