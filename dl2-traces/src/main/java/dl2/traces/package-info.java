/**
 * Adapters that convert public cluster traces (Pollux, Philly, Gavel, Tiresias, ElasticFlow) into
 * dl2's native traces: reading each source's columns, mapping its models onto DL2's job types and
 * its work onto epochs ({@code TraceMapping}, the whole mapping in one place), windowing arrivals
 * and splitting a trace in time into training, validation and test parts. docs/traces.md and
 * docs/real-trace-splits.md describe the rules.
 */
package dl2.traces;
