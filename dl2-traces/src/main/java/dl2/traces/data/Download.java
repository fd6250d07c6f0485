package dl2.traces.data;

import dl2.io.OutputPaths;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.LongConsumer;

/**
 * One file over HTTP(S) into {@code TARGET.part}, hashed as it arrives, and renamed to its target
 * only when its size and SHA-256 are the catalogue's: a cut connection, an error page or a changed
 * file never takes the target's name.
 */
final class Download {
  private static final int CONNECT_TIMEOUT_MS = 30_000;

  /**
   * A connection silent this long is given up (a stalled transfer would otherwise wait forever).
   */
  private static final int READ_TIMEOUT_MS = 60_000;

  /** Fetches {@code url} into {@code target}; {@code arrived} is told each chunk's size. */
  void fetch(URI url, PublicTraces.TraceFile file, Path target, LongConsumer arrived) {
    Path part = target.resolveSibling(target.getFileName() + ".part");
    HttpURLConnection connection = null;
    try {
      Files.createDirectories(target.getParent());
      connection = (HttpURLConnection) url.toURL().openConnection();
      connection.setConnectTimeout(CONNECT_TIMEOUT_MS);
      connection.setReadTimeout(READ_TIMEOUT_MS);
      connection.setInstanceFollowRedirects(true);
      int status = connection.getResponseCode();
      if (status != HttpURLConnection.HTTP_OK) {
        throw failure(file, url, "the server answered HTTP " + status);
      }
      try (InputStream in = connection.getInputStream()) {
        String sha256 = copy(in, part, file, url, arrived);
        if (!sha256.equals(file.sha256())) {
          throw failure(
              file, url, "its SHA-256 is " + sha256 + ", not " + file.sha256() + " as pinned");
        }
      }
      Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw failure(file, url, "the download failed (" + OutputPaths.reason(e) + ")");
    } finally {
      if (connection != null) {
        connection.disconnect();
      }
      deleteQuietly(part);
    }
  }

  /**
   * Copies the body into {@code part}, stopping as soon as it is longer than the file; returns its
   * SHA-256.
   */
  private static String copy(
      InputStream in, Path part, PublicTraces.TraceFile file, URI url, LongConsumer arrived)
      throws IOException {
    MessageDigest digest = sha256();
    long total = 0;
    byte[] buffer = new byte[64 * 1024];
    try (OutputStream out = Files.newOutputStream(part)) {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        total += n;
        if (total > file.bytes()) {
          throw failure(file, url, "it is longer than the " + file.bytes() + " bytes pinned");
        }
        digest.update(buffer, 0, n);
        out.write(buffer, 0, n);
        arrived.accept(n);
      }
    }
    if (total != file.bytes()) {
      throw failure(file, url, "it has " + total + " bytes, not the " + file.bytes() + " pinned");
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  /** The SHA-256 of a file on disk. */
  static String sha256(Path path) throws IOException {
    MessageDigest digest = sha256();
    try (InputStream in = Files.newInputStream(path)) {
      byte[] buffer = new byte[64 * 1024];
      for (int n; (n = in.read(buffer)) >= 0; ) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static DownloadFailure failure(PublicTraces.TraceFile file, URI url, String problem) {
    return new DownloadFailure(
        file.local() + " from " + url + ": " + problem + "; nothing was installed");
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      // a leftover .part is removed by the next fetch
    }
  }
}
