package dl2.traces.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The public trace files dl2 reads and where each comes from: four public repositories at pinned
 * commits, and per file its path there, its size and its SHA-256 (the resource {@code
 * public-traces.tsv}). Locally every file lies at {@code FOLDER/PATH} under the traces folder, the
 * layout of {@code ../shared/traces}.
 */
public final class PublicTraces {
  /** The resource, beside this class. */
  static final String RESOURCE = "public-traces.tsv";

  /**
   * One upstream repository.
   *
   * @param folder the local folder of its files (adaptdl, gavel, Tiresias, ElasticFlow)
   * @param name GitHub's owner/name
   * @param branch the branch the commit is on, or empty
   * @param commit the pinned commit
   * @param work the system and venue it belongs to, e.g. "Gavel, OSDI'20"
   * @param licence SPDX name of the repository's licence
   * @param licenceFile the licence's file in the repository (fetched with the traces)
   */
  public record Repository(
      String folder,
      String name,
      Optional<String> branch,
      String commit,
      String work,
      String licence,
      String licenceFile) {
    /** "owner/name[, branch B] @ COMMIT (WORK)": how provenance records cite it. */
    public String provenance() {
      return name
          + branch.map(b -> ", branch " + b).orElse("")
          + " @ "
          + commit
          + " ("
          + work
          + ")";
    }
  }

  /** One file: {@code path} in its repository, with the size and SHA-256 a good copy has. */
  public record TraceFile(Repository repository, String path, long bytes, String sha256) {
    /** Its path under the traces folder: {@code FOLDER/PATH}. */
    public String local() {
      return repository.folder() + "/" + path;
    }
  }

  private final Map<String, Repository> repositories;
  private final List<TraceFile> files;

  PublicTraces(Map<String, Repository> repositories, List<TraceFile> files) {
    this.repositories = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(repositories));
    this.files = List.copyOf(files);
  }

  /** The catalogue shipped with dl2. */
  public static PublicTraces shipped() {
    try (InputStream in = PublicTraces.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the resource " + RESOURCE + " is missing from dl2-traces");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads the tab-separated catalogue: {@code repository} lines, then {@code file} lines naming
   * their folder.
   */
  static PublicTraces parse(String text) {
    Map<String, Repository> repositories = new LinkedHashMap<>();
    List<TraceFile> files = new ArrayList<>();
    for (String line : text.lines().toList()) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] cells = line.split("\t", -1);
      if (cells[0].equals("repository") && cells.length == 8) {
        Optional<String> branch = cells[3].equals("-") ? Optional.empty() : Optional.of(cells[3]);
        repositories.put(
            cells[1],
            new Repository(cells[1], cells[2], branch, cells[4], cells[5], cells[6], cells[7]));
      } else if (cells[0].equals("file")
          && cells.length == 5
          && repositories.containsKey(cells[1])) {
        files.add(
            new TraceFile(
                repositories.get(cells[1]), cells[2], Long.parseLong(cells[3]), cells[4]));
      } else {
        throw new IllegalStateException(RESOURCE + ": not a repository or file line: " + line);
      }
    }
    return new PublicTraces(repositories, files);
  }

  public List<TraceFile> files() {
    return files;
  }

  /** The repositories, in catalogue order. */
  public List<Repository> repositories() {
    return List.copyOf(repositories.values());
  }

  /** The repository whose files lie in {@code folder}. */
  public Repository repository(String folder) {
    Repository repository = repositories.get(folder);
    if (repository == null) {
      throw new IllegalArgumentException("no public trace repository in folder " + folder);
    }
    return repository;
  }

  /**
   * The files that are missing from {@code folder} or differ from their pinned size and SHA-256.
   */
  public List<TraceFile> missingOrDamaged(Path folder) throws IOException {
    List<TraceFile> bad = new ArrayList<>();
    for (TraceFile file : files) {
      if (!intact(folder, file)) {
        bad.add(file);
      }
    }
    return bad;
  }

  static boolean intact(Path folder, TraceFile file) throws IOException {
    Path path = folder.resolve(file.local());
    return Files.isRegularFile(path)
        && Files.size(path) == file.bytes()
        && Download.sha256(path).equals(file.sha256());
  }

  public long totalBytes() {
    return files.stream().mapToLong(TraceFile::bytes).sum();
  }
}
