package dl2.cli;

import dl2.console.Progress;
import dl2.io.InputException;
import dl2.output.OutputLock;
import dl2.run.PublicTraceLocations;
import dl2.traces.data.DownloadFailure;
import dl2.traces.data.FetchOrigin;
import dl2.traces.data.PublicTraces;
import dl2.traces.data.TraceFetch;
import dl2.traces.data.TraceLocations;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dl2 traces fetch}: downloads, checks and installs the public traces (docs/traces.md). */
@Command(
    name = "fetch",
    mixinStandardHelpOptions = true,
    description = {
      "Download the public trace files dl2 reads (about 8 MB) from their upstream repositories at pinned "
          + "commits, check each one's SHA-256, and install them as a whole, with their licences and attribution, into "
          + "DATA/traces, where DATA is $DL2_DATA, else $XDG_DATA_HOME/dl2, else ~/.local/share/dl2. Files already "
          + "checked are kept, so an interrupted fetch continues where it stopped."
    })
final class TracesFetchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--mirror",
      paramLabel = "URL",
      description =
          "Download from a server that holds a traces folder (URL/adaptdl/..., URL/gavel/...) instead of GitHub.")
  String mirror;

  @Override
  public Integer call() {
    TraceLocations locations = PublicTraceLocations.current();
    FetchOrigin origin =
        mirror == null ? FetchOrigin.upstream() : FetchOrigin.mirror(mirrorUrl(mirror));
    Path folder = locations.installed();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    PublicTraces catalogue = PublicTraces.shipped();
    try (OutputLock lock = OutputLock.acquire(folder, "dl2 traces fetch");
        FetchProgress progress = new FetchProgress(err)) {
      TraceFetch.Result result = new TraceFetch(catalogue, origin).into(folder, progress);
      if (result.alreadyComplete()) {
        out.println(
            "the public traces in "
                + folder
                + " are complete ("
                + catalogue.files().size()
                + " files, each SHA-256 checked); nothing to fetch");
      } else {
        out.printf(
            Locale.ROOT,
            "installed the public traces in %s: %d files, %d downloaded (%.1f MB) from %s, %d kept;"
                + " licences and attribution in %s/README.md%n",
            folder,
            catalogue.files().size(),
            result.downloaded(),
            result.downloadedBytes() / 1e6,
            origin.describe(),
            result.kept(),
            folder);
      }
    } catch (DownloadFailure e) {
      err.println("dl2: " + Dl2.oneLine(e.getMessage()));
      return Dl2.EXIT_FAILURE;
    }
    out.flush();
    return 0;
  }

  private static URI mirrorUrl(String text) {
    try {
      URI url = new URI(text);
      if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme()))
          || url.getHost() == null) {
        throw new InputException("--mirror " + text + ": give an http:// or https:// URL");
      }
      return url;
    } catch (URISyntaxException e) {
      throw new InputException("--mirror " + text + ": not a URL (" + e.getReason() + ")");
    }
  }

  /** Downloaded megabytes on stderr. */
  private static final class FetchProgress implements TraceFetch.Listener, AutoCloseable {
    private final PrintWriter err;
    private Progress progress = Progress.none();
    private long done;

    FetchProgress(PrintWriter err) {
      this.err = err;
    }

    @Override
    public void toDownload(long bytes, int files) {
      if (files > 0) {
        progress =
            Progress.over(
                "traces fetch (" + files + " files)", Math.max(1, bytes / 1000), " kB", err);
      }
    }

    @Override
    public void arrived(long bytes) {
      done += bytes;
      progress.stepTo(done / 1000);
    }

    @Override
    public void close() {
      progress.close();
    }
  }
}
