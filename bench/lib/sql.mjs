// Small builders for the seed's SQL text. Every "random" choice is a hash of a key (hashtext), so the same
// scale gives the same rows on every run and on both engines; random() is never used.

/** A SQL string literal. */
export const lit = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** The SQL key expression `'<prefix>:' || a || ':' || b ...` that names one choice. */
export const key = (prefix, ...parts) => [lit(prefix), ...parts].join(" || ':' || ");

/** A number in [0, 1) fixed by the key. */
export const unit = (keySql) => `((hashtext(${keySql})::float8 + 2147483648) / 4294967296)`;

/** An integer in [0, n) fixed by the key; `n` may be a SQL expression. */
export const below = (keySql, n) => `((hashtext(${keySql}) & 2147483647) % (${n}))`;

/** One of the listed texts, chosen by the key. */
export const pick = (list, keySql) =>
  `(array[${list.map(lit).join(", ")}]::text[])[1 + ${below(keySql, list.length)}]`;

/**
 * A deterministic id from a text: its md5 with the version and variant digits of a version-4 UUID, so
 * the API's id checks (RFC 9562 UUIDs) accept it as they accept the ids PostgreSQL makes.
 */
export const uuidFrom = (textSql) =>
  `overlay(overlay(md5(${textSql}) placing '4' from 13) placing '8' from 17)::uuid`;

/** The deterministic id of the n-th row of a kind. */
export const idOf = (kind, nSql) => uuidFrom(`${lit(`${kind}:`)} || ${nSql}`);

/** A time in milliseconds (the precision page cursors carry). */
export const ms = (timeSql) => `date_trunc('milliseconds', ${timeSql})`;

/** A time between `from` and `to`, at the key's place. */
export const between = (fromSql, toSql, keySql) =>
  ms(`${fromSql} + (${toSql} - ${fromSql}) * ${unit(keySql)}`);

/**
 * How many of `total` items the r-th (1-based) of `count` ranked things gets, so that the first gets the
 * most, the counts fall as a power law, and they add up to exactly `total`: the differences of
 * floor(total * (r / count) ^ exponent), a concave curve (exponent < 1).
 */
export const rankedShare = (rSql, count, total, exponent) =>
  `(floor(${total}::float8 * power((${rSql})::float8 / ${count}, ${exponent})) - ` +
  `floor(${total}::float8 * power(((${rSql}) - 1)::float8 / ${count}, ${exponent})))::int`;

/** The exponent that gives the first of `count` ranked things `first` of `total` items (see rankedShare). */
export const exponentFor = (first, count, total) => Math.log(first / total) / Math.log(1 / count);

/** Rows changed by a statement, on node-postgres (rowCount) and PGlite (affectedRows). */
export const affected = (result) => result?.rowCount ?? result?.affectedRows ?? 0;
