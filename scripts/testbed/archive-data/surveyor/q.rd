<!-- Tables for the VOTable tests and benchmarks: every column type DaCHS serves, with a row of
  nulls and rows with values at the edges of each type (alltypes), and 100,000 generated rows of
  mixed types (bulk). Both are views, so nothing is imported. -->
<resource schema="surveyor" resdir="surveyor">
  <meta name="title">surveyor VOTable test tables</meta>
  <meta name="description">Typed rows and a large table for the VOTable reader's tests.</meta>
  <meta name="creationDate">2026-11-23T00:00:00</meta>
  <meta name="subject">testing</meta>

  <table id="alltypes" onDisk="True" adql="True">
    <meta name="description">One column per type; row 1 is all null.</meta>
    <column name="id" type="integer" required="True"/>
    <column name="c_smallint" type="smallint"/>
    <column name="c_integer" type="integer"/>
    <column name="c_bigint" type="bigint"/>
    <column name="c_real" type="real"/>
    <column name="c_double" type="double precision"/>
    <column name="c_boolean" type="boolean"/>
    <column name="c_char" type="char"><values nullLiteral="-"/></column>
    <column name="c_text" type="text"/>
    <column name="c_unicode" type="unicode"/>
    <column name="c_byte" type="bytea"/>
    <column name="c_point" type="spoint"/>
    <column name="c_timestamp" type="timestamp"/>
    <column name="c_real2" type="real[2]"/>
    <column name="c_intarr" type="integer[]"/>
    <column name="c_dblarr" type="double precision[]"/>
    <viewStatement><![CDATA[
      CREATE VIEW \curtable (\colNames) AS (VALUES
        (1, NULL::smallint, NULL::integer, NULL::bigint, NULL::real, NULL::double precision,
          NULL::boolean, NULL::char, NULL::text, NULL::text, decode('01', 'hex'), NULL::spoint, NULL::timestamp,
          NULL::real[], NULL::integer[], NULL::double precision[]),
        (2, -32767::smallint, -2147483647, -9223372036854775807, -1.5::real, 1e-300,
          true, 'a', 'it''s "quoted" <&>', 'Ωμέγα ☉ ünïcødé', decode('2a', 'hex'), spoint(radians(10.5), radians(-20.25)),
          '2026-11-23T12:34:56'::timestamp, ARRAY[1.25, -2.5]::real[], ARRAY[1, 2, 3], ARRAY[0.1]::double precision[]),
        (3, 32767::smallint, 2147483647, 9223372036854775807, 3.4e38::real, -1.7976931348623157e308,
          false, 'Z', '', '', decode('00', 'hex'), spoint(0, 0), '1858-11-17T00:00:00'::timestamp,
          ARRAY['NaN', 'Infinity']::real[], ARRAY[]::integer[], ARRAY['-Infinity', 2]::double precision[])
      )]]></viewStatement>
  </table>

  <table id="bulk" onDisk="True" adql="True">
    <meta name="description">100,000 generated rows.</meta>
    <column name="id" type="integer" required="True"/>
    <column name="name" type="text"/>
    <column name="ra" type="double precision" unit="deg"/>
    <column name="dec" type="double precision" unit="deg"/>
    <column name="flux" type="real"/>
    <column name="n" type="bigint"/>
    <column name="ok" type="boolean"/>
    <column name="note" type="text"/>
    <viewStatement><![CDATA[
      CREATE VIEW \curtable (\colNames) AS (
        SELECT i, 'source-' || i, (i * 137.507764) - floor(i * 137.507764 / 360) * 360,
          -90 + (i * 61.803398) - floor(i * 61.803398 / 90) * 90, mod(i, 1000) / 7.0,
          i::bigint * 1000003, mod(i, 2) = 0, CASE WHEN mod(i, 5) = 0 THEN NULL ELSE 'row ' || i || ' of the bulk table' END
        FROM generate_series(1, 100000) AS i)]]></viewStatement>
  </table>

  <data id="import">
    <make table="alltypes"/>
    <make table="bulk"/>
  </data>
</resource>
