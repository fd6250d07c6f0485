package dl2.output;

import dl2.io.InputException;
import dl2.io.Json;
import dl2.io.OutputPaths;
import dl2.io.Provenance;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A kind of single file dl2 writes, and the one rule for replacing one: an existing file is
 * replaced only if dl2 wrote it as the same kind (a rerun), or with {@code --force}; anything else
 * is refused before any work, so that no command overwrites a file it did not write.
 */
public final class OwnFile {
  /** Beyond this a JSON file is not read to be recognised (dl2's are far smaller). */
  private static final long MAX_JSON_BYTES = 256L << 20;

  private final String description;
  private final Recogniser recogniser;

  private interface Recogniser {
    boolean test(Path file) throws IOException;
  }

  private OwnFile(String description, Recogniser recogniser) {
    this.description = description;
    this.recogniser = recogniser;
  }

  /**
   * A JSON file whose provenance names {@code format}; one written before the provenance field by
   * its {@code legacyKeys}.
   */
  public static OwnFile json(String description, String format, List<String> legacyKeys) {
    return new OwnFile(
        description,
        file -> {
          if (Files.size(file) > MAX_JSON_BYTES) {
            return false;
          }
          JsonNode root = Json.mapper().readTree(file.toFile());
          String written = Provenance.formatOf(root);
          return written.isEmpty()
              ? legacyKeys.stream().allMatch(root::has)
              : written.equals(format);
        });
  }

  /** A CSV file whose first line is {@code header}. */
  public static OwnFile csv(String description, List<String> header) {
    String line = String.join(",", header);
    return new OwnFile(description, file -> firstLine(file).equals(line));
  }

  /**
   * Checks, before any work, that {@code file} ({@code flag}) may be written: absent, not a regular
   * file (a pipe or a device), a file dl2 wrote as this kind, or {@code force}.
   */
  public void checkReplaceable(String flag, Path file, boolean force) {
    OutputPaths.checkFile(flag, file);
    Path target = OutputPaths.absolute(file);
    if (force || !Files.isRegularFile(target) || recognises(target)) {
      return;
    }
    throw new InputException(
        flag
            + " "
            + file
            + ": the file exists and is not "
            + description
            + " that dl2 wrote; choose another path, or give --force to replace it");
  }

  /** Whether {@code file} is this kind of file as dl2 writes it. */
  public boolean recognises(Path file) {
    try {
      return recogniser.test(file);
    } catch (IOException | RuntimeException e) {
      return false; // unreadable or malformed: not something dl2 wrote
    }
  }

  private static String firstLine(Path file) throws IOException {
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line = reader.readLine();
      return line == null ? "" : line;
    }
  }
}
