package dl2.traces.data;

import dl2.io.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where dl2 keeps the public traces and where it looks for them. {@code dl2 traces fetch} installs
 * them into {@code DATA/traces}, DATA being {@code $DL2_DATA}, else {@code $XDG_DATA_HOME/dl2},
 * else {@code ~/.local/share/dl2} (the XDG base directory rule); readers also look in {@code
 * ../shared/traces} beside the installation. A relative trace path that does not exist from the
 * working directory is looked up in those folders, in that order, so that {@code
 * adaptdl/simulator/traces/philly.csv} names the same file wherever the traces are.
 */
public final class TraceLocations {
  /** The command that gets the traces, named by every error about missing trace data. */
  public static final String FETCH = "./dl2 traces fetch";

  private final Path installed;
  private final List<Path> roots;

  private TraceLocations(Path installed, List<Path> roots) {
    this.installed = installed;
    this.roots = List.copyOf(roots);
  }

  /**
   * The locations for an environment ({@code DL2_DATA}, {@code XDG_DATA_HOME}, {@code HOME}) and an
   * installation directory (the checkout; {@code ../shared/traces} lies beside it).
   */
  public static TraceLocations of(Map<String, String> env, Path installation) {
    Path data = dataDirectory(env);
    Path installed = data.resolve("traces").toAbsolutePath().normalize();
    Path shared =
        installation.toAbsolutePath().normalize().resolveSibling("shared").resolve("traces");
    List<Path> roots = new ArrayList<>(List.of(installed));
    if (!shared.equals(installed)) {
      roots.add(shared);
    }
    return new TraceLocations(installed, roots);
  }

  /**
   * dl2's data directory: {@code $DL2_DATA}, else {@code $XDG_DATA_HOME/dl2}, else {@code
   * $HOME/.local/share/dl2}.
   */
  static Path dataDirectory(Map<String, String> env) {
    String dl2Data = env.get("DL2_DATA");
    if (dl2Data != null && !dl2Data.isBlank()) {
      return Path.of(dl2Data);
    }
    String xdg = env.get("XDG_DATA_HOME");
    if (xdg != null && Path.of(xdg).isAbsolute()) { // the XDG rule ignores relative values
      return Path.of(xdg, "dl2");
    }
    return Path.of(
        env.getOrDefault("HOME", System.getProperty("user.home")), ".local", "share", "dl2");
  }

  /** Where {@code dl2 traces fetch} installs the traces. */
  public Path installed() {
    return installed;
  }

  /** The folders searched, in order. */
  public List<Path> roots() {
    return roots;
  }

  /** The first folder that holds public traces, if any. */
  public Optional<Path> root() {
    return roots.stream().filter(Files::isDirectory).findFirst();
  }

  /**
   * The first folder that holds public traces; an InputException naming the fetch command if none
   * does.
   */
  public Path requireRoot() {
    return root()
        .orElseThrow(
            () ->
                new InputException(
                    "no public traces in " + searched() + "; get them with " + FETCH));
  }

  /**
   * {@code given} if it exists or is absolute (its reader then says what is wrong with it); else
   * the first existing {@code ROOT/given}; else an InputException (for {@code what}, e.g. "IN")
   * that names the folders searched and, when none holds traces, the fetch command.
   */
  public Path resolve(String what, Path given) {
    if (given.isAbsolute() || Files.exists(given)) {
      return given;
    }
    for (Path root : roots) {
      if (Files.exists(root.resolve(given))) {
        return root.resolve(given);
      }
    }
    String hint = root().isPresent() ? "" : "; get the public traces with " + FETCH;
    throw new InputException(
        what + " " + given + ": no such file or directory, here or in " + searched() + hint);
  }

  private String searched() {
    return String.join(" or ", roots.stream().map(Path::toString).toList());
  }
}
