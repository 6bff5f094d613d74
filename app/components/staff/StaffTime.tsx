import { formatStaffTime } from "~/lib/date-format";

/** A time as staff read it, in their own time zone; the exact ISO time stays in `dateTime`. */
export function StaffTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso}>
      {formatStaffTime(iso)}
    </time>
  );
}
