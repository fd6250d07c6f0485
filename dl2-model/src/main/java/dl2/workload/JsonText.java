package dl2.workload;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dl2.model.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** How input JSON files (e.g. Gavel's throughputs) are read; each problem is a one-line {@link InputException} naming the file. */
public final class JsonText {
  private JsonText() {}

  /** The file's JSON tree; null for an empty file. */
  public static JsonNode read(Path path) {
    String file = path.toString();
    try {
      return new ObjectMapper().readTree(Files.readAllBytes(path));
    } catch (JacksonException e) {
      throw InputException.inFile(file, "is not valid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw InputException.inFile(file, "cannot be read: " + e.getClass().getSimpleName() + " " + e.getMessage());
    }
  }
}
