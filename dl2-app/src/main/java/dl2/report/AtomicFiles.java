package dl2.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes output files all at once: a temporary file in the target's directory, then an atomic
 * rename, so a reader never sees half a file and a failed run leaves no file behind.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  public static void write(Path target, byte[] content) throws IOException {
    Path absolute = target.toAbsolutePath();
    Path dir = absolute.getParent();
    Files.createDirectories(dir);
    Path temp = Files.createTempFile(dir, "." + absolute.getFileName(), ".tmp");
    try {
      Files.write(temp, content);
      Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
