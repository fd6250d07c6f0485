package dl2.run;

import dl2.io.DirectorySwap;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A shard's own directory in the temporary folder, when its output goes to stdout (a pod's file
 * system is its own; in one process there may be several), or where a sweep unpacks its shards.
 */
final class ScratchDirectories {
  private ScratchDirectories() {}

  static Path create(String prefix) {
    try {
      return Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new InputException("cannot make a scratch directory: " + OutputPaths.reason(e));
    }
  }

  static void delete(Path dir) {
    try {
      DirectorySwap.deleteTree(dir);
    } catch (IOException e) {
      // a scratch directory left in the temporary folder harms nothing
    }
  }
}
