package dl2.io;

/**
 * Bad user input (trace, table, config, flag). Its message is one line naming where the problem is:
 * {@code FILE:LINE: field 'F': what is wrong}. Applications print it and exit with code 2.
 */
public final class InputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InputException(String message) {
    super(message);
  }

  /** A problem with one field of one line of a file. Line numbers count from 1, header included. */
  public static InputException at(String file, long line, String field, String problem) {
    return new InputException(file + ":" + line + ": field '" + field + "': " + problem);
  }

  /** A problem with a whole file. */
  public static InputException inFile(String file, String problem) {
    return new InputException(file + ": " + problem);
  }
}
