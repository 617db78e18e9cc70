<!-- A catalogue service for the enrichment, shaped like VizieR's HIPASS catalogue (VIII/73/hicat). -->
<resource schema="hipass" resdir="hipass">
  <meta name="title">Testbed HIPASS catalogue</meta>
  <meta name="description">HIPASS-like positions and velocities.</meta>
  <meta name="creationDate">2026-11-23T00:00:00</meta>
  <meta name="subject">radio-astronomy</meta>

  <table id="hicat" onDisk="True" adql="True" primary="HIPASS">
    <meta name="description">HIPASS catalogue rows.</meta>
    <column name="HIPASS" type="text" ucd="meta.id;meta.main"/>
    <column name="RAJ2000" type="text" ucd="pos.eq.ra;meta.main"/>
    <column name="DEJ2000" type="text" ucd="pos.eq.dec;meta.main"/>
    <column name="RV50max" type="double precision" unit="km/s"/>
    <column name="RV50min" type="double precision" unit="km/s"/>
    <column name="RVmom" type="double precision" unit="km/s" ucd="spect.dopplerVeloc.opt"/>
  </table>

  <data id="import">
    <sources>data/hicat.csv</sources>
    <csvGrammar/>
    <make table="hicat">
      <rowmaker idmaps="*"/>
    </make>
  </data>
</resource>
