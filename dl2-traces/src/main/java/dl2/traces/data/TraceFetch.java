package dl2.traces.data;

import dl2.io.DirectorySwap;
import dl2.io.OutputPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Installs the public traces into a folder as a whole. Each file is downloaded into a staging
 * folder beside it ({@code .NAME.download}) and kept there only once its size and SHA-256 match the
 * catalogue; when every file is there, the licences' attribution is added and the staging folder's
 * contents replace the folder in one swap ({@link DirectorySwap}). A cut or bad download therefore
 * never shows in the folder, and a fetch started again keeps the files already checked (and the
 * good files of an older installation), so it only downloads what is missing. Callers hold the
 * folder's output lock.
 */
public final class TraceFetch {
  /** What a fetch reports as it goes. */
  public interface Listener {
    /** Before any download: the bytes and files still to download. */
    void toDownload(long bytes, int files);

    /** A chunk of a download arrived. */
    void arrived(long bytes);
  }

  /**
   * @param downloaded files downloaded by this fetch
   * @param kept files already checked in the staging folder or the older installation
   * @param alreadyComplete the folder held every file intact: nothing was done
   */
  public record Result(
      Path folder, int downloaded, int kept, long downloadedBytes, boolean alreadyComplete) {}

  private final PublicTraces catalogue;
  private final FetchOrigin origin;
  private final Download download = new Download();

  public TraceFetch(PublicTraces catalogue, FetchOrigin origin) {
    this.catalogue = catalogue;
    this.origin = origin;
  }

  public Result into(Path folder, Listener listener) {
    Path target = OutputPaths.absolute(folder);
    Path staging = target.resolveSibling("." + target.getFileName() + ".download");
    try {
      DirectorySwap.recover(target, List.of());
      if (Files.isDirectory(target) && catalogue.missingOrDamaged(target).isEmpty()) {
        return new Result(target, 0, 0, 0, true);
      }
      Files.createDirectories(staging);
      removeParts(staging); // left by a fetch that was killed mid-download
      List<PublicTraces.TraceFile> todo = new ArrayList<>();
      for (PublicTraces.TraceFile file : catalogue.files()) {
        if (!PublicTraces.intact(staging, file)) {
          if (PublicTraces.intact(target, file)) {
            Files.createDirectories(staging.resolve(file.local()).getParent());
            Files.copy(
                target.resolve(file.local()),
                staging.resolve(file.local()),
                StandardCopyOption.REPLACE_EXISTING);
          } else {
            todo.add(file);
          }
        }
      }
      long bytes = todo.stream().mapToLong(PublicTraces.TraceFile::bytes).sum();
      listener.toDownload(bytes, todo.size());
      for (PublicTraces.TraceFile file : todo) {
        download.fetch(origin.url(file), file, staging.resolve(file.local()), listener::arrived);
      }
      TraceAttribution.write(staging, catalogue);
      DirectorySwap.replace(target, List.of(), fresh -> moveEntries(staging, fresh));
      DirectorySwap.deleteTree(staging);
      return new Result(target, todo.size(), catalogue.files().size() - todo.size(), bytes, false);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot install the public traces in " + target + ": " + OutputPaths.reason(e), e);
    }
  }

  private static void removeParts(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path part : paths.filter(p -> p.getFileName().toString().endsWith(".part")).toList()) {
        Files.delete(part);
      }
    }
  }

  private static void moveEntries(Path from, Path to) throws IOException {
    try (Stream<Path> entries = Files.list(from)) {
      for (Path entry : entries.sorted().toList()) {
        Files.move(
            entry, to.resolve(entry.getFileName().toString()), StandardCopyOption.ATOMIC_MOVE);
      }
    }
  }
}
