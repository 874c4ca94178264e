-- Mobile numbers in E.164 (docs/decisions/0037-mobile-numbers-by-country.md). Rows written before
-- hold the national digits beside their ISD code; '+' || isd_code || digits is the number their
-- SMS already went to. A row whose E.164 form is taken already (written by a newer process during
-- a rolling deploy) is left as it is: lookups read both forms.
UPDATE "users" AS u
SET "mobile" = '+' || u."isd_code" || regexp_replace(u."mobile", '\D', '', 'g')
WHERE u."mobile" IS NOT NULL
  AND u."isd_code" IS NOT NULL
  AND u."mobile" NOT LIKE '+%'
  AND NOT EXISTS (
    SELECT 1 FROM "users" AS o
    WHERE o."isd_code" = u."isd_code"
      AND o."mobile" = '+' || u."isd_code" || regexp_replace(u."mobile", '\D', '', 'g')
  );
--> statement-breakpoint
UPDATE "callback_requests"
SET "mobile" = '+' || "isd_code" || regexp_replace("mobile", '\D', '', 'g')
WHERE "mobile" NOT LIKE '+%';
