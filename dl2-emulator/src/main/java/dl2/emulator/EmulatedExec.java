package dl2.emulator;

import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Answers {@code .../pods/NAME/exec} as a kubelet would through the API server, for the commands a
 * sweep's volume reader runs ({@code kubectl cp}'s {@code sh -c "cat 'FILE'"}, and {@code rm -rf
 * DIR}), on the pod's {@link EmulatedVolumes}: the output on the stdout channel of Kubernetes'
 * streaming protocol, then the exit status. Every other request goes to the store.
 */
final class EmulatedExec extends Dispatcher {
  private static final Pattern EXEC =
      Pattern.compile("/api/v1/namespaces/([^/]+)/pods/([^/]+)/exec");
  private static final int CHUNK = 64 * 1024;
  private static final byte STDOUT = 1;
  private static final byte STATUS = 3;

  private final Dispatcher store;
  private final EmulatedVolumes volumes;

  EmulatedExec(Dispatcher store, EmulatedVolumes volumes) {
    this.store = store;
    this.volumes = volumes;
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    String[] parts = (request.getPath() == null ? "" : request.getPath()).split("\\?", 2);
    Matcher m = EXEC.matcher(parts[0]);
    if (!m.matches()) {
      return store.dispatch(request);
    }
    List<String> command = new ArrayList<>();
    for (String param : parts.length > 1 ? parts[1].split("&") : new String[0]) {
      if (param.startsWith("command=")) {
        command.add(
            URLDecoder.decode(param.substring("command=".length()), StandardCharsets.UTF_8));
      }
    }
    byte[] output;
    int exit;
    try {
      output = run(m.group(1), m.group(2), command);
      exit = 0;
    } catch (IOException | IllegalArgumentException e) {
      output = (e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8);
      exit = 1;
    }
    byte[] stdout = output;
    int code = exit;
    return new MockResponse()
        .withWebSocketUpgrade(
            new WebSocketListener() {
              @Override
              public void onOpen(WebSocket socket, Response response) {
                for (int at = 0; at < stdout.length; at += CHUNK) {
                  socket.send(
                      frame(
                          STDOUT,
                          Arrays.copyOfRange(stdout, at, Math.min(stdout.length, at + CHUNK))));
                }
                socket.send(
                    frame(
                        STATUS,
                        (code == 0
                                ? "{\"metadata\":{},\"status\":\"Success\"}"
                                : "{\"metadata\":{},\"status\":\"Failure\",\"message\":\"command terminated with non-zero exit code\","
                                    + "\"reason\":\"NonZeroExitCode\",\"details\":{\"causes\":[{\"reason\":\"ExitCode\",\"message\":\""
                                    + code
                                    + "\"}]}}")
                            .getBytes(StandardCharsets.UTF_8)));
                socket.close(1000, "");
              }
            });
  }

  /** What {@code command} prints in pod {@code namespace/pod}; an exception for a failure. */
  private byte[] run(String namespace, String pod, List<String> command) throws IOException {
    if (command.size() == 3
        && command.get(0).equals("sh")
        && command.get(1).equals("-c")
        && command.get(2).startsWith("cat ")) {
      return Files.readAllBytes(
          onVolume(namespace, pod, unquote(command.get(2).substring(4).strip())));
    }
    if (command.size() == 3 && command.get(0).equals("rm") && command.get(1).equals("-rf")) {
      Path dir = onVolume(namespace, pod, command.get(2));
      if (Files.exists(dir)) {
        try (Stream<Path> files = Files.walk(dir)) {
          files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
      }
      return new byte[0];
    }
    throw new IllegalArgumentException("sh: " + String.join(" ", command) + ": not found");
  }

  private Path onVolume(String namespace, String pod, String path) {
    Path host = volumes.host(namespace, pod, path);
    if (host == null) {
      throw new IllegalArgumentException(
          path + ": no such file or directory (not on a volume the pod mounts)");
    }
    return host;
  }

  /**
   * A shell word in single quotes, as kubectl cp and fabric8 quote a path ({@code 'a'\''b'} is
   * a'b).
   */
  static String unquote(String word) {
    if (word.length() >= 2 && word.startsWith("'") && word.endsWith("'")) {
      return word.substring(1, word.length() - 1).replace("'\\''", "'");
    }
    return word;
  }

  private static byte[] frame(byte channel, byte[] data) {
    byte[] frame = new byte[data.length + 1];
    frame[0] = channel;
    System.arraycopy(data, 0, frame, 1, data.length);
    return frame;
  }

  @Override
  public void shutdown() {
    store.shutdown();
  }
}
