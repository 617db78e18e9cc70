"""surveyor from Python: a thin layer over the generated client (``surveyor_api``) for notebooks.

>>> from surveyor_client import Surveyor
>>> s = Surveyor.login("https://surveyor.example.org", "alice")     # asks for the password
>>> s.sources("wallaby_hires")                                       # an astropy Table
"""

from .session import Surveyor, SurveyorError

__all__ = ["Surveyor", "SurveyorError"]
