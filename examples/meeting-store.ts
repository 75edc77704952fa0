/**
 * An in-memory calendar the meeting examples read from, standing in for a real
 * calendar API so that every example runs offline.
 */
const calendar: Readonly<Record<string, readonly string[]>> = {
  "2026-11-30": ["Standup", "Design review"],
  "2026-12-01": ["Standup", "Quarterly planning", "1:1 with Ada"],
};

/** The titles of the meetings on an ISO date (none for an unknown day). */
export async function fetchMeetings(day: string): Promise<string[]> {
  return [...(calendar[day] ?? [])];
}
