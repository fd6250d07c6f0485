package dl2.output;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What an output directory already holds, so that no command silently writes over another's output:
 * {@code DIR/.dl2-output} names what is in it ("train run", "compare report", ...). Directories
 * written before the marker existed are recognised by their files.
 */
public final class OutputMarker {
  public static final String FILE = ".dl2-output";

  private OutputMarker() {}

  /**
   * The kind of dl2 output in {@code dir} ("train run", ...); "" when it holds other files; empty
   * when it is absent or empty.
   */
  public static Optional<String> kindOf(Path dir) {
    Path target = OutputPaths.absolute(dir);
    if (!Files.isDirectory(target)) {
      return Optional.empty();
    }
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(target)) {
      entries.forEach(p -> names.add(p.getFileName().toString()));
    } catch (IOException e) {
      throw new InputException(dir + ": cannot list it: " + OutputPaths.reason(e));
    }
    if (names.isEmpty()) {
      return Optional.empty();
    }
    if (names.contains(FILE)) {
      try {
        return Optional.of(
            Files.readString(target.resolve(FILE), StandardCharsets.UTF_8)
                .lines()
                .findFirst()
                .orElse("")
                .strip());
      } catch (IOException e) {
        return Optional.of("");
      }
    }
    return Optional.of(legacyKind(names));
  }

  /** Outputs of earlier versions, by their files. */
  private static String legacyKind(List<String> names) {
    if (names.contains("rl-curve.csv") || names.contains("resume.state")) {
      return "train run";
    }
    if (names.contains("learning-curve.csv")) {
      return "train-sl run";
    }
    if (names.contains("results.json") && names.contains("index.html")) {
      return "compare report";
    }
    if (names.contains("runs") && names.contains("index.html")) {
      return "experiment";
    }
    if (names.stream().anyMatch(n -> n.matches("slot-\\d+\\.csv"))) {
      return "shadow recording";
    }
    return "";
  }

  /**
   * Marks {@code dir} (created if needed) as the output of {@code kind}, written by {@code
   * command}.
   */
  public static void write(Path dir, String kind, String command) {
    try {
      AtomicFiles.writeString(
          OutputPaths.absolute(dir).resolve(FILE), kind + "\n" + command + "\n");
    } catch (IOException e) {
      throw new InputException(dir + ": cannot write " + FILE + ": " + OutputPaths.reason(e));
    }
  }

  /**
   * Claims {@code dir} for a command writing {@code kind}: an absent or empty directory is free;
   * one holding another command's output or other files is refused; one holding output of the same
   * kind is allowed only when {@code again} is null, else refused with {@code again} as the advice
   * (e.g. "continue it with --resume or start over with --force").
   *
   * @return whether {@code dir} holds earlier output of this kind
   */
  public static boolean claim(String flag, Path dir, String kind, String again) {
    Optional<String> existing = kindOf(dir);
    if (existing.isEmpty()) {
      return false;
    }
    String found = existing.get();
    if (found.equals(kind)) {
      if (again != null) {
        throw new InputException(flag + " " + dir + " already holds a dl2 " + kind + "; " + again);
      }
      return true;
    }
    if (found.isEmpty()) {
      throw new InputException(
          flag + " " + dir + " holds other files; choose a new or empty directory");
    }
    throw new InputException(
        flag
            + " "
            + dir
            + " holds a dl2 "
            + found
            + ", not a "
            + kind
            + "; choose another directory");
  }
}
