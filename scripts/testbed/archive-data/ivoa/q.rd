<!-- The survey archive's ObsCore table, shaped like CASDA's ivoa.obscore: the standard columns
  the WALLABY discovery reads, plus CASDA's non-standard filename and filesize (kB). -->
<resource schema="ivoa" resdir="ivoa">
  <meta name="title">Testbed ObsCore (CASDA-shaped)</meta>
  <meta name="description">Visibilities of the surveyor archive testbed.</meta>
  <meta name="creationDate">2026-11-23T00:00:00</meta>
  <meta name="subject">radio-astronomy</meta>

  <table id="obscore" onDisk="True" adql="True">
    <meta name="description">CASDA-shaped ObsCore rows (visibilities).</meta>
    <column name="dataproduct_type" type="text"/>
    <column name="dataproduct_subtype" type="text"/>
    <column name="calib_level" type="smallint" required="True"/>
    <column name="obs_collection" type="text"/>
    <column name="obs_id" type="text"/>
    <column name="obs_publisher_did" type="text" ucd="meta.ref.ivoid"/>
    <column name="access_url" type="text" ucd="meta.ref.url"/>
    <column name="access_format" type="text"/>
    <column name="access_estsize" type="bigint" unit="kbyte"/>
    <column name="target_name" type="text"/>
    <column name="s_ra" type="double precision" unit="deg" ucd="pos.eq.ra"/>
    <column name="s_dec" type="double precision" unit="deg" ucd="pos.eq.dec"/>
    <column name="t_min" type="double precision" unit="d" ucd="time.start;obs.exposure"/>
    <column name="t_max" type="double precision" unit="d" ucd="time.end;obs.exposure"/>
    <column name="facility_name" type="text"/>
    <column name="instrument_name" type="text"/>
    <column name="filename" type="text" description="CASDA: the file's name"/>
    <column name="filesize" type="bigint" unit="kbyte" description="CASDA: the file's size"/>
    <column name="obs_release_date" type="timestamp"/>
  </table>

  <data id="import">
    <sources>data/obscore.csv</sources>
    <csvGrammar/>
    <make table="obscore">
      <rowmaker idmaps="*"/>
    </make>
  </data>
</resource>
