package dl2.traces.data;

import java.net.URI;

/**
 * Where {@code dl2 traces fetch} downloads each file from: GitHub's raw files of the upstream
 * repositories at the pinned commits (content addressed by commit, so the bytes and their sums
 * cannot change), or a mirror that serves a traces folder as dl2 lays it out (a copy of {@code
 * ../shared/traces} or of an installed one), for tests and machines without GitHub.
 */
public interface FetchOrigin {
  URI url(PublicTraces.TraceFile file);

  /** What the origin is, for messages. */
  String describe();

  /** {@code https://raw.githubusercontent.com/OWNER/NAME/COMMIT/PATH}. */
  static FetchOrigin upstream() {
    return new FetchOrigin() {
      @Override
      public URI url(PublicTraces.TraceFile file) {
        return URI.create(
            "https://raw.githubusercontent.com/"
                + file.repository().name()
                + "/"
                + file.repository().commit()
                + "/"
                + file.path());
      }

      @Override
      public String describe() {
        return "the upstream repositories at their pinned commits (raw.githubusercontent.com)";
      }
    };
  }

  /** {@code BASE/FOLDER/PATH}: a server holding a traces folder. */
  static FetchOrigin mirror(URI base) {
    URI folder = base.toString().endsWith("/") ? base : URI.create(base + "/");
    return new FetchOrigin() {
      @Override
      public URI url(PublicTraces.TraceFile file) {
        return folder.resolve(file.local());
      }

      @Override
      public String describe() {
        return "the mirror " + base;
      }
    };
  }
}
